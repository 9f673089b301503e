import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { Logger } from "#server/platform/logger.ts";
import { describeForLog, errorMessages, notSavedMessage } from "#shared/error-catalogue.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { sendFailure } from "./responses";
import { classifyStorageError, retryAfterSeconds } from "#server/db/storage-errors.ts";
import type { MetricsRecorder } from "#server/metrics/recorder.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** Why the request's body was refused (body-parser's error type), for its access log line. */
    bodyRefused?: string;
  }
}

/** The `type` body-parser gives each of its errors, mapped to our answer. */
const bodyErrors: Record<string, [status: number, message: string]> = {
  "entity.too.large": [413, requestMessages.tooLarge],
  "parameters.too.many": [413, requestMessages.tooLarge],
  "entity.parse.failed": [400, requestMessages.malformed],
  "entity.verify.failed": [400, requestMessages.malformed],
  "request.aborted": [400, requestMessages.malformed],
  "request.size.invalid": [400, requestMessages.malformed],
  "charset.unsupported": [415, requestMessages.unsupportedType],
  "encoding.unsupported": [415, requestMessages.unsupportedType],
};

export const apiNotFound: RequestHandler = (_req, res) => {
  sendFailure(res, 404, requestMessages.notFound);
};

/** What to answer for any other error the body parser marks as the client's (a corrupt gzip body). */
function clientErrorAnswer(status: number): [status: number, message: string] {
  if (status === 413) return [413, requestMessages.tooLarge];
  if (status === 415) return [415, requestMessages.unsupportedType];
  return [400, requestMessages.malformed];
}

/**
 * The answer to a request the client got wrong (a body that is not JSON, too large, not
 * UTF-8), or undefined for an error of ours. Body-parser's errors carry the body itself
 * (`body`) and JSON.parse's message quotes it, so neither the error nor its message is
 * ever logged: the access log line names the error's type (`bodyRefused`), nothing more.
 */
export function answerClientError(error: unknown, res: Response): boolean {
  const fields = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const type = String(fields.type ?? "");
  const status = Number(fields.status ?? fields.statusCode);
  const answer = bodyErrors[type] ?? (status >= 400 && status < 500 ? clientErrorAnswer(status) : undefined);
  if (!answer) return false;
  res.locals.bodyRefused = type || String(status);
  sendFailure(res, ...answer);
  return true;
}

/**
 * The last stop for API errors: request problems get their 4xx, logged only by the access
 * log (sampled: a flood of them must not flood the log), never with the body; anything
 * else a 500 with the catalogue's generic text (requirements §8), logged redacted (503 with
 * Retry-After and the "not saved" text when storage is unavailable). No stack, SQL or
 * path ever reaches the response.
 */
export function apiErrorHandler(
  logger: Logger,
  metrics?: Pick<MetricsRecorder, "storageFailure">,
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (answerClientError(error, res)) return;
    const storage = classifyStorageError(error);
    logger.error({ path: req.path, storage, error: describeForLog("api", error) }, "API request failed");
    if (storage) {
      metrics?.storageFailure(storage, "api");
      res.set("Retry-After", String(retryAfterSeconds()));
      return sendFailure(res, 503, notSavedMessage);
    }
    sendFailure(res, 500, errorMessages.unexpected);
  };
}

/**
 * The app's last error handler: a client's error gets its JSON 4xx (only the access log
 * line, naming the error's type, records it); anything else is logged redacted, without
 * the error object, and answered 500 (503, "not saved", when storage is unavailable). Without it,
 * Express's default handler would print the error, a refused body included, to stderr.
 */
export function finalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      logger.error({ error: describeForLog("request", error) }, "request failed after its answer began");
      // The answer cannot be finished honestly: end the connection, as Express's handler does.
      req.socket.destroy();
      return;
    }
    if (answerClientError(error, res)) return;
    const storage = classifyStorageError(error);
    logger.error({ storage, error: describeForLog("request", error) }, "request failed");
    if (!storage) return sendFailure(res, 500, errorMessages.unexpected);
    res.set("Retry-After", String(retryAfterSeconds()));
    sendFailure(res, 503, notSavedMessage);
  };
}

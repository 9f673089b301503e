import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger";
import { describeForLog, errorMessages, notSavedMessage } from "../../shared/error-catalogue";
import { requestMessages } from "../../shared/request-messages";
import { sendFailure } from "./responses";
import { classifyStorageError, retryAfterSeconds } from "../db/storage-errors";
import type { MetricsRecorder } from "../metrics/recorder";

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
 * The last stop for API errors: request problems get their 4xx, unlogged (they are the
 * client's, and a flood of them must not flood the log); anything else a 500 with the
 * catalogue's generic text (SPEC §8), logged redacted (503 with Retry-After and the
 * "not saved" text when storage is unavailable). No stack, SQL or path ever
 * reaches the response.
 */
export function apiErrorHandler(
  logger: Logger,
  metrics?: Pick<MetricsRecorder, "storageFailure">,
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const fields = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
    const known = bodyErrors[String(fields.type ?? "")];
    if (known) return sendFailure(res, known[0], known[1]);
    const status = Number(fields.status ?? fields.statusCode);
    if (status >= 400 && status < 500) return sendFailure(res, ...clientErrorAnswer(status));
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

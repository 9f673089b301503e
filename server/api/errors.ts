import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger";
import { describeForLog, errorMessages } from "../../shared/error-catalogue";
import { apiMessages, sendFailure } from "./responses";

/** The `type` body-parser gives each of its errors, mapped to our answer. */
const bodyErrors: Record<string, [status: number, message: string]> = {
  "entity.too.large": [413, apiMessages.tooLarge],
  "parameters.too.many": [413, apiMessages.tooLarge],
  "entity.parse.failed": [400, apiMessages.malformed],
  "entity.verify.failed": [400, apiMessages.malformed],
  "request.aborted": [400, apiMessages.malformed],
  "request.size.invalid": [400, apiMessages.malformed],
  "charset.unsupported": [415, apiMessages.unsupportedType],
  "encoding.unsupported": [415, apiMessages.unsupportedType],
};

export const apiNotFound: RequestHandler = (_req, res) => {
  sendFailure(res, 404, apiMessages.notFound);
};

/**
 * The last stop for API errors: known request problems get their 4xx, anything else
 * a 500 with the catalogue's generic text (SPEC §8). Only the redacted text is logged;
 * no stack, SQL or path ever reaches the response.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const type = typeof error === "object" && error !== null && "type" in error ? String(error.type) : "";
    const known = bodyErrors[type];
    if (known) return sendFailure(res, known[0], known[1]);
    logger.error({ path: req.path, error: describeForLog("api", error) }, "API request failed");
    sendFailure(res, 500, errorMessages.unexpected);
  };
}

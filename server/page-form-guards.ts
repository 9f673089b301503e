import type { RequestHandler, Response } from "express";
import { rejectCrossSite, submissionRateLimit } from "./api/guards";
import { apiMessages } from "./api/responses";
import type { AppConfig } from "./config";

/** The same cap as the API's bodies (16 KB); page forms are far smaller. */
export const PAGE_FORM_MAX_BYTES = 16 * 1024;

/** A person sees these answers in the browser, so they are plain sentences, not JSON. */
function sendText(res: Response, status: number, message: string): void {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** 413 before the body is read: React Router's handler would otherwise buffer any size. */
const capBodySize: RequestHandler = (req, res, next) => {
  const length = Number(req.get("content-length"));
  if (Number.isFinite(length) && length <= PAGE_FORM_MAX_BYTES) return next();
  // Browsers always send a length with a form; a body without one is refused too.
  sendText(res, req.get("content-length") === undefined ? 411 : 413, apiMessages.tooLarge);
};

/**
 * Forms posted without JavaScript go to the page's route action rather than the API,
 * so they pass the API's guards here: same-site check, rate limit, size cap.
 */
export function pageFormGuards(config: AppConfig): RequestHandler[] {
  const { leadMax, leadWindowMs } = config.rateLimit;
  return [
    rejectCrossSite(config, sendText),
    submissionRateLimit(leadMax, leadWindowMs, sendText),
    capBodySize,
  ];
}

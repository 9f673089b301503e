import type { Express, RequestHandler, Response } from "express";
import { rejectCrossSite } from "#server/api/guards.ts";
import type { AppConfig } from "#server/platform/config.ts";
import { limitedForms, type FormRateLimits, type LimitedForm } from "#server/http/form-rate-limits.ts";
import { requestMessages } from "#shared/request-messages.ts";

/** The same cap as the API's bodies (16 KB); page forms are far smaller. */
export const PAGE_FORM_MAX_BYTES = 16 * 1024;

/** A person sees these answers in the browser, so they are plain sentences, not JSON. */
export function sendText(res: Response, status: number, message: string): void {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** 413 before the body is read: React Router's handler would otherwise buffer any size. */
const capBodySize: RequestHandler = (req, res, next) => {
  const length = Number(req.get("content-length"));
  if (Number.isFinite(length) && length <= PAGE_FORM_MAX_BYTES) return next();
  // Browsers always send a length with a form; a body without one is refused too.
  sendText(res, req.get("content-length") === undefined ? 411 : 413, requestMessages.tooLarge);
};

/**
 * Forms posted without JavaScript go to the page's route action rather than the API,
 * so they pass the API's guards here: same-site check, size cap, and the rate limits
 * of the same form's API endpoint. What the body holds is the action's to check
 * (client/lib/form-action.ts), so refusals render as pages.
 */
export function guardPageForms(app: Express, config: AppConfig, rateLimits: FormRateLimits): void {
  app.post("/{*path}", rejectCrossSite(config, sendText), capBodySize);
  for (const form of Object.keys(limitedForms) as LimitedForm[]) {
    app.post(limitedForms[form].page, rateLimits[form]);
  }
}

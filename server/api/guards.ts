import type { RequestHandler } from "express";
import type { AppConfig } from "#server/platform/config.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { parseJsonBody, parseUrlencodedBody } from "./body-parsers";
import { sendFailure, type SendFailure } from "./responses";

/** Bodies over this size are refused with 413 before they are read into memory. */
export const BODY_LIMIT = "16kb";

const FORM_TYPES = ["application/json", "application/x-www-form-urlencoded"];

/**
 * Refuses posts from other sites: a browser sends Origin on cross-origin posts and
 * Sec-Fetch-Site on all of them. Requests with neither (curl, server-to-server) pass;
 * rate limits and bot traps still apply to them.
 */
export function rejectCrossSite(config: AppConfig, fail: SendFailure = sendFailure): RequestHandler {
  const siteOrigin = new URL(config.settings.siteUrl).origin;
  return (req, res, next) => {
    if (req.get("sec-fetch-site") === "cross-site") return fail(res, 403, requestMessages.crossSite);
    const origin = req.get("origin");
    if (origin === undefined || origin === siteOrigin || originHost(origin) === req.get("host"))
      return next();
    fail(res, 403, requestMessages.crossSite);
  };
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    // "null" (sandboxed frames, some redirects) and garbage match no host.
    return undefined;
  }
}

/** 415 unless the body is JSON or form-encoded. */
export const requireFormContentType: RequestHandler = (req, res, next) => {
  if (req.is(FORM_TYPES)) return next();
  sendFailure(res, 415, requestMessages.unsupportedType);
};

/** JSON and form bodies, both capped and UTF-8; parse errors reach the API error handler. */
export const parseFormBody: RequestHandler[] = [parseJsonBody(BODY_LIMIT), parseUrlencodedBody(BODY_LIMIT)];

import type { Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import type { AppConfig } from "#server/platform/config.ts";
import type { Logger } from "#server/platform/logger.ts";
import { paths, routePatterns } from "#shared/paths.ts";
import { requestMessages } from "#shared/request-messages.ts";

/**
 * Per client IP, per form. A form's JSON endpoint and its page (the no-JavaScript post)
 * share one count; every form has its own. Only accepted submissions use up the
 * allowance, so a visitor fixing typos is never locked out; refused attempts have a
 * separate, larger allowance that still stops a script hammering an endpoint.
 */

/** Refused attempts allowed for each accepted one. */
export const REFUSED_ALLOWANCE_FACTOR = 10;

/**
 * Each limited form: the page that takes it without JavaScript (the API router picks
 * the same limits by name), and how its allowance compares.
 */
export const limitedForms = {
  "website-design": { page: paths.websiteDesign, factor: 1 },
  "web-app": { page: paths.webAppDevelopment, factor: 1 },
  appointment: { page: paths.bookAppointment, factor: 1 },
  newsletter: { page: paths.news, factor: 1 },
  // One-click unsubscribes arrive from mail providers, many people behind one address.
  "newsletter-unsubscribe": { page: paths.newsletterUnsubscribe, factor: 20 },
  // A visitor's moves and cancellation from their appointment page (its path holds the token).
  "appointment-manage": { page: routePatterns.appointmentManage, factor: 1 },
} as const;
export type LimitedForm = keyof typeof limitedForms;

/** How the 429 is written: JSON for the API, a plain sentence for a page. */
export type SendRefusal = (res: Response, status: number, error: string) => void;
export type RateLimitAnswers = { api: SendRefusal; page: SendRefusal };

export type FormRateLimits = Record<LimitedForm, RequestHandler[]>;

/**
 * Counts kept outside this process (server/db/rate-limits.ts), shared by instances on
 * one database. Without it each limiter counts in memory (express-rate-limit's MemoryStore).
 */
export type RateLimitStoreFactory = {
  /** A store for one limiter; every key it writes starts with `prefix`. */
  create(prefix: string): Store;
  /** Hears of a store that failed. */
  logger: Logger;
};

export function createFormRateLimits(
  config: Pick<AppConfig, "rateLimit">,
  answers: RateLimitAnswers,
  stores?: RateLimitStoreFactory,
): FormRateLimits {
  const { leadMax, leadWindowMs } = config.rateLimit;
  const shared = (form: LimitedForm, counts: "accepted" | "refused") =>
    stores && {
      store: stores.create(`${form}:${counts}:`),
      // A store that fails (the database down or slow) lets the request through unlimited,
      // and it is logged: a visitor's lead matters more than the limit. When the database
      // is really down, the lead's own write answers 503 as any storage failure does.
      passOnStoreError: true,
      logger: {
        error: (error: unknown, message?: string) =>
          stores.logger.error({ err: error, form, counts }, message ?? "rate limiter failed"),
        warn: (error: unknown, message?: string) =>
          stores.logger.warn({ err: error, form, counts }, message ?? "rate limiter warning"),
      },
    };
  const limiter = (form: LimitedForm, limit: number, counts: "accepted" | "refused") =>
    rateLimit({
      ...shared(form, counts),
      windowMs: leadWindowMs,
      limit,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      // A request that turns out the other way is taken off the count when it finishes.
      skipFailedRequests: counts === "accepted",
      skipSuccessfulRequests: counts === "refused",
      handler: (req: Request, res: Response) => {
        // The limiter has already set Retry-After (seconds); the message says the same.
        const seconds = Number(res.getHeader("Retry-After")) || leadWindowMs / 1000;
        const answer = req.baseUrl.startsWith("/api") ? answers.api : answers.page;
        answer(res, 429, requestMessages.rateLimited(Math.max(1, Math.ceil(seconds / 60))));
      },
    });
  const limits = {} as FormRateLimits;
  for (const [form, { factor }] of Object.entries(limitedForms) as [
    LimitedForm,
    (typeof limitedForms)[LimitedForm],
  ][]) {
    const accepted = leadMax * factor;
    limits[form] = [
      limiter(form, accepted * REFUSED_ALLOWANCE_FACTOR, "refused"),
      limiter(form, accepted, "accepted"),
    ];
  }
  return limits;
}

import { Router, type Request, type Response } from "express";
import type { AppConfig } from "#server/platform/config.ts";
import type { FormRateLimits } from "#server/http/form-rate-limits.ts";
import type { LeadService, SubmissionOutcome, Visitor } from "#server/operations/leads/lead-service.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { MetricsRecorder } from "#server/metrics/recorder.ts";
import { apiErrorHandler, apiNotFound } from "./errors";
import { parseFormBody, rejectCrossSite, requireFormContentType } from "./guards";
import { sendFailure, sendSubmissionOutcome } from "./responses";
import { keepRequestContext } from "#server/platform/request-context.ts";
import { apiPaths, paths } from "#shared/paths.ts";

type Submit = (input: unknown, visitor: Visitor) => Promise<SubmissionOutcome>;

/** The router is mounted at /api; routes are the rest of each API path. */
const route = (apiPath: string) => apiPath.replace(/^\/api/, "");

/** Answers a submission with what the intake operation answered (`sendSubmissionOutcome`). */
function answerSubmission(submit: Submit) {
  return async (req: Request, res: Response) => {
    // req.ip honours TRUST_PROXY_HOPS, as the rate limits do; the Referer names the form's page.
    const outcome = await submit(req.body, {
      ip: req.ip,
      userAgent: req.get("user-agent"),
      referer: req.get("referer"),
      host: req.get("host"),
    });
    sendSubmissionOutcome(res, outcome);
  };
}

/**
 * The JSON API (requirements §7 names). Each form endpoint is the same straight line of guards:
 * same-site check, the form's rate limits, content type, size-capped body, then the
 * lead service.
 */
export function createApiRouter(deps: {
  config: AppConfig;
  leads: LeadService;
  logger: Logger;
  rateLimits: FormRateLimits;
  metrics?: Pick<MetricsRecorder, "storageFailure">;
}): Router {
  const { config, leads, logger, rateLimits } = deps;
  const router = Router();
  const formGuards = (limits: FormRateLimits[keyof FormRateLimits]) => [
    rejectCrossSite(config),
    ...limits,
    requireFormContentType,
    ...parseFormBody,
    keepRequestContext,
  ];

  router.post(
    route(apiPaths.websiteDesign),
    formGuards(rateLimits["website-design"]),
    answerSubmission(leads.submitWebsiteDesign),
  );
  router.post(
    route(apiPaths.webApp),
    formGuards(rateLimits["web-app"]),
    answerSubmission(leads.submitWebApp),
  );
  router.post(
    route(apiPaths.appointments),
    formGuards(rateLimits.appointment),
    answerSubmission(leads.requestAppointment),
  );
  router.post(
    route(apiPaths.newsletter),
    formGuards(rateLimits.newsletter),
    answerSubmission(leads.subscribeNewsletter),
  );

  // RFC 8058 one-click: the token is the credential and the body (List-Unsubscribe=One-Click)
  // carries nothing we need, so neither origin nor content type is checked.
  router.post(
    route(apiPaths.newsletterUnsubscribe),
    rateLimits["newsletter-unsubscribe"],
    async (req: Request, res: Response) => {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const result = await leads.unsubscribe(token);
      if (result.success) res.status(200).json({ success: true });
      else sendFailure(res, 404, result.error);
    },
  );
  // A person who opens the one-click address lands on the page that asks before unsubscribing.
  router.get(route(apiPaths.newsletterUnsubscribe), (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    res.redirect(303, `${paths.newsletterUnsubscribe}?token=${encodeURIComponent(token)}`);
  });

  router.use(apiNotFound);
  router.use(apiErrorHandler(logger, deps.metrics));
  return router;
}

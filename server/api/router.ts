import { Router, type Request, type Response } from "express";
import type { AppConfig } from "../config";
import type { LeadService, SubmissionResult } from "../leads/lead-service";
import type { Logger } from "../logger";
import { apiErrorHandler, apiNotFound } from "./errors";
import { parseFormBody, rejectCrossSite, requireFormContentType, submissionRateLimit } from "./guards";
import { sendFailure } from "./responses";
import { paths } from "../../shared/paths";

/** One-click unsubscribes arrive from mail providers, many users behind one address. */
const UNSUBSCRIBE_LIMIT_FACTOR = 20;

type Submit = (input: unknown) => Promise<SubmissionResult>;

/** Answers a submission: 201 when stored (or a bot was quietly dropped), 400 to fix, 500 ours. */
function answerSubmission(submit: Submit) {
  return async (req: Request, res: Response) => {
    const result = await submit(req.body);
    if (result.success) {
      res.status(201).json({ success: true });
      return;
    }
    sendFailure(res, result.reason === "invalid" ? 400 : 500, result.error, result.fieldErrors);
  };
}

/**
 * The JSON API (SPEC §7 names). Each form endpoint is the same straight line of guards:
 * same-site check, rate limit, content type, size-capped body, then the lead service.
 */
export function createApiRouter(deps: { config: AppConfig; leads: LeadService; logger: Logger }): Router {
  const { config, leads, logger } = deps;
  const { leadMax, leadWindowMs } = config.rateLimit;
  const router = Router();
  const formGuards = () => [
    rejectCrossSite(config),
    submissionRateLimit(leadMax, leadWindowMs),
    requireFormContentType,
    ...parseFormBody,
  ];

  router.post("/submit-website-design", formGuards(), answerSubmission(leads.submitWebsiteDesign));
  router.post("/submit-web-app", formGuards(), answerSubmission(leads.submitWebApp));
  router.post("/appointments", formGuards(), answerSubmission(leads.requestAppointment));
  router.post("/newsletter", formGuards(), answerSubmission(leads.subscribeNewsletter));

  // RFC 8058 one-click: the token is the credential and the body (List-Unsubscribe=One-Click)
  // carries nothing we need, so neither origin nor content type is checked.
  router.post(
    "/newsletter/unsubscribe",
    submissionRateLimit(leadMax * UNSUBSCRIBE_LIMIT_FACTOR, leadWindowMs),
    async (req, res) => {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const result = await leads.unsubscribe(token);
      if (result.success) res.status(200).json({ success: true });
      else sendFailure(res, 404, result.error);
    },
  );
  // A person who opens the one-click address lands on the page that asks before unsubscribing.
  router.get("/newsletter/unsubscribe", (req, res) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    res.redirect(303, `${paths.newsletterUnsubscribe}?token=${encodeURIComponent(token)}`);
  });

  router.use(apiNotFound);
  router.use(apiErrorHandler(logger));
  return router;
}

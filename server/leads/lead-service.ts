import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "../db/leads";
import { enqueueOutboxMessage } from "../db/outbox";
import type { Logger } from "../logger";
import type { AgencyNotificationKind } from "../mail/messages";
import { agencyDateOf } from "../../shared/forms/appointment";
import { websiteDesignLeadSchema } from "../../shared/forms/website-design-lead-schema";
import type { FormTokens } from "./form-guard";
import {
  agencyNotification,
  appointmentNotice,
  appointmentRow,
  webAppLeadNotice,
  webAppLeadRow,
  websiteDesignLeadNotice,
  websiteDesignLeadRow,
  type LeadNotice,
} from "./lead-records";
import {
  createAppointmentServerSchema,
  webAppLeadServerSchema,
  type AppointmentServerSchema,
} from "./lead-schemas";
import { createNewsletterService, type NewsletterService } from "./newsletter-service";
import { handleSubmission, type Arrival, type SubmissionContext, type SubmissionResult } from "./submission";

export type { SubmissionResult } from "./submission";
export type { ConfirmResult, UnsubscribeResult, UnsubscribeTokenStatus } from "../../shared/forms/results";

/**
 * Everything a visitor can submit. Plain data in, plain results out: the JSON API and
 * React Router actions (forms without JavaScript) both call it.
 */
export type LeadService = {
  submitWebsiteDesign(input: unknown): Promise<SubmissionResult>;
  submitWebApp(input: unknown): Promise<SubmissionResult>;
  requestAppointment(input: unknown): Promise<SubmissionResult>;
} & NewsletterService;

export type LeadServiceDeps = {
  db: Db;
  config: Pick<AppConfig, "forms" | "settings">;
  logger: Logger;
  /** Signs and checks the forms' start fields. */
  tokens: FormTokens;
  /** The clock for bot timing and the appointment date window; tests fix it. */
  now?: () => Date;
  /** Called after a transaction queued an e-mail (wakes the outbox worker). */
  onQueued?: () => void;
};

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { db, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const onQueued = deps.onQueued ?? (() => {});
  const ctx: SubmissionContext = { logger, now, minFillMs: config.forms.minFillMs, tokens: deps.tokens };

  // The date window moves once a day; building a schema per request would be wasted work.
  let appointmentSchema: { day: string; schema: AppointmentServerSchema } | undefined;
  function appointmentSchemaFor(at: Date): AppointmentServerSchema {
    const day = agencyDateOf(at);
    if (appointmentSchema?.day !== day)
      appointmentSchema = { day, schema: createAppointmentServerSchema(at) };
    return appointmentSchema.schema;
  }

  /**
   * The row and the agency's e-mail about it commit together, or neither does. A
   * suspected submission is stored without the e-mail; releasing it queues one.
   */
  async function store<Row extends object>(
    kind: AgencyNotificationKind,
    row: Row,
    notice: (row: Row & { id: number }) => LeadNotice,
    /** Answers the new row's id: the e-mail names the row by it. */
    insert: (
      trx: Db,
      row: Row & { created_at: string; suspected_spam: Arrival["suspected"] },
    ) => Promise<number>,
    { at, suspected }: Arrival,
  ) {
    const createdAt = at.toISOString();
    await db.transaction().execute(async (trx) => {
      const id = await insert(trx, { ...row, created_at: createdAt, suspected_spam: suspected });
      if (suspected) return;
      const payload = agencyNotification(notice({ ...row, id }), createdAt, config.settings.siteUrl);
      await enqueueOutboxMessage(trx, { kind, payload, now: at });
    });
    if (!suspected) onQueued();
  }

  return {
    submitWebsiteDesign: (input) =>
      handleSubmission(ctx, "website-design-lead", input, websiteDesignLeadSchema, (lead, arrival) =>
        store(
          "website-design-lead",
          websiteDesignLeadRow(lead),
          websiteDesignLeadNotice,
          insertWebsiteDesignLead,
          arrival,
        ),
      ),

    submitWebApp: (input) =>
      handleSubmission(ctx, "web-app-lead", input, webAppLeadServerSchema, (lead, arrival) =>
        store("web-app-lead", webAppLeadRow(lead), webAppLeadNotice, insertWebAppLead, arrival),
      ),

    requestAppointment: (input) =>
      handleSubmission(ctx, "appointment-request", input, appointmentSchemaFor(now()), (request, arrival) =>
        store(
          "appointment-request",
          appointmentRow(request),
          appointmentNotice,
          insertAppointmentRequest,
          arrival,
        ),
      ),

    ...createNewsletterService({ db, config, ctx, onQueued }),
  };
}

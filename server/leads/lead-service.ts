import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "../db/leads";
import { enqueueOutboxMessage } from "../db/outbox";
import type { Logger } from "../logger";
import { newMessageId, type AgencyNotificationKind } from "../mail/messages";
import {
  agencyDateOf,
  createAppointmentSchema,
  type AppointmentSchema,
} from "../../shared/forms/appointment";
import { webAppLeadSchema } from "../../shared/forms/web-app-lead";
import { websiteDesignLeadSchema } from "../../shared/forms/website-design-lead";
import {
  appointmentRecord,
  webAppLeadRecord,
  websiteDesignLeadRecord,
  type LeadRecord,
} from "./lead-records";
import { createNewsletterService, type NewsletterService } from "./newsletter-service";
import { handleSubmission, type SubmissionContext, type SubmissionResult } from "./submission";

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
  /** The clock for bot timing and the appointment date window; tests fix it. */
  now?: () => Date;
  /** Called after a transaction queued an e-mail (wakes the outbox worker). */
  onQueued?: () => void;
};

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { db, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const onQueued = deps.onQueued ?? (() => {});
  const ctx: SubmissionContext = { logger, now, minFillMs: config.forms.minFillMs };

  // The date window moves once a day; building a schema per request would be wasted work.
  let appointmentSchema: { day: string; schema: AppointmentSchema } | undefined;
  function appointmentSchemaFor(at: Date): AppointmentSchema {
    const day = agencyDateOf(at);
    if (appointmentSchema?.day !== day) appointmentSchema = { day, schema: createAppointmentSchema(at) };
    return appointmentSchema.schema;
  }

  /** The row and the agency's e-mail about it commit together, or neither does. */
  async function store<Row>(
    kind: AgencyNotificationKind,
    record: LeadRecord<Row>,
    insert: (trx: Db, row: Row & { created_at: string }) => Promise<unknown>,
    at: Date,
  ) {
    const payload = {
      messageId: newMessageId(config.settings.siteUrl),
      visitorName: record.visitor.name,
      visitorEmail: record.visitor.email,
      submittedAt: at.toISOString(),
      fields: record.fields,
    };
    await db.transaction().execute(async (trx) => {
      await insert(trx, { ...record.row, created_at: at.toISOString() });
      await enqueueOutboxMessage(trx, { kind, payload, now: at });
    });
    onQueued();
  }

  return {
    submitWebsiteDesign: (input) =>
      handleSubmission(ctx, "website-design-lead", input, websiteDesignLeadSchema, (lead, at) =>
        store("website-design-lead", websiteDesignLeadRecord(lead), insertWebsiteDesignLead, at),
      ),

    submitWebApp: (input) =>
      handleSubmission(ctx, "web-app-lead", input, webAppLeadSchema, (lead, at) =>
        store("web-app-lead", webAppLeadRecord(lead), insertWebAppLead, at),
      ),

    requestAppointment: (input) =>
      handleSubmission(ctx, "appointment-request", input, appointmentSchemaFor(now()), (request, at) =>
        store("appointment-request", appointmentRecord(request), insertAppointmentRequest, at),
      ),

    ...createNewsletterService({ db, config, ctx, onQueued }),
  };
}

import type { AppConfig } from "#server/config.ts";
import { createPageCopySource, type PageCopySource } from "#server/content/page-copy-source.ts";
import type { Db } from "#server/db/database.ts";
import { findFirstSubmission, insertSubmissionOnce } from "#server/db/leads.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Logger } from "#server/logger.ts";
import { claimAcknowledgment } from "#server/db/acknowledgment-limits.ts";
import type { StoredCalendar } from "#server/mail/calendar.ts";
import type { LabelledValue } from "#server/mail/layout.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import {
  type AgencyNotification,
  type AgencyNotificationKind,
} from "#server/mail/agency-notification-message.ts";
import { ACKNOWLEDGMENT, type Acknowledgment } from "#server/mail/acknowledgment-message.ts";
import { greetingNameOf } from "#server/mail/visitor-layout.ts";
import { agencyDateOf } from "#shared/forms/appointment.ts";
import { websiteDesignLeadSchema } from "#shared/forms/website-design-lead-schema.ts";
import { readAcknowledgmentCopy, type AcknowledgmentCopy } from "./acknowledgment-copy";
import type { ClientAddressKey } from "./client-address-key";
import { submissionKeys, type FormTokens } from "./form-guard";
import {
  agencyNotification,
  appointmentChoices,
  appointmentNotice,
  appointmentRequestCalendar,
  appointmentRow,
  webAppLeadChoices,
  webAppLeadNotice,
  webAppLeadRow,
  websiteDesignLeadChoices,
  websiteDesignLeadNotice,
  websiteDesignLeadRow,
  type LeadNotice,
} from "./lead-records";
import {
  createAppointmentServerSchema,
  webAppLeadServerSchema,
  type AppointmentServerSchema,
} from "./lead-schemas";
import {
  createNewsletterService,
  type NewsletterService,
} from "#server/operations/subscribers/newsletter-service.ts";
import { handleSubmission, type Arrival, type SubmissionContext, type SubmissionResult } from "./submission";
import type { SourceColumns, SourceRequest } from "./visit-source";

export type { SubmissionResult } from "./submission";
export type { ConfirmResult, UnsubscribeResult, UnsubscribeTokenStatus } from "#shared/forms/results.ts";

/**
 * Who sent a submission, as far as the server can tell: the acknowledgment's IP limit
 * counts by the IP; the Referer and Host say which of the site's pages sent it, where the
 * form did not (docs/decisions/045-lead-attribution.md).
 */
export type Visitor = { ip?: string } & SourceRequest;

/**
 * Everything a visitor can submit. Plain data in, plain results out: the JSON API and
 * React Router actions (forms without JavaScript) both call it.
 */
export type LeadService = {
  submitWebsiteDesign(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
  submitWebApp(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
  requestAppointment(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
} & NewsletterService;

/** The service with `visitor` filled in, for route actions that know the request but call without it. */
export function forVisitor(leads: LeadService, visitor: Visitor): LeadService {
  return {
    ...leads,
    submitWebsiteDesign: (input) => leads.submitWebsiteDesign(input, visitor),
    submitWebApp: (input) => leads.submitWebApp(input, visitor),
    requestAppointment: (input) => leads.requestAppointment(input, visitor),
  };
}

export type LeadServiceDeps = {
  db: Db;
  config: Pick<AppConfig, "forms" | "settings" | "followUp">;
  logger: Logger;
  /** Signs and checks the forms' start fields. */
  tokens: FormTokens;
  /** What the acknowledgment's per-client limit counts by instead of the IP address. */
  clientAddressKey: ClientAddressKey;
  /** The clock for bot timing and the appointment date window; tests fix it. */
  now?: () => Date;
  /** Called after a transaction queued an e-mail (wakes the outbox worker). */
  onQueued?: () => void;
  /** Counts outcomes and storage failures (/metrics). */
  metrics?: SubmissionContext["metrics"];
  /** The reader the pages use, for the acknowledgment's next steps; else one of its own. */
  pageCopy?: PageCopySource;
};

/**
 * A new enquiry from an address that sent one this long ago or less is a repeat of it
 * (docs/decisions/067-one-lead-per-form.md).
 */
export const REPEAT_WINDOW_MS = 24 * 60 * 60_000;

/** How one form's row is stored and told about. */
type FormHandling<Row extends object> = {
  kind: AgencyNotificationKind;
  notice(row: Row & SourceColumns & { id: number }): LeadNotice;
  /** The options picked, which the acknowledgment repeats. */
  choices(row: Row): LabelledValue[];
  /** The table its rows are stored in. */
  table: LeadTable;
  /** The agency's tentative calendar entry (appointment requests). */
  calendar?(row: Row & SourceColumns & { id: number }, stamp: string): StoredCalendar | undefined;
};

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { db, config, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const onQueued = deps.onQueued ?? (() => {});
  const pageCopy = deps.pageCopy ?? createPageCopySource(db);
  const ctx: SubmissionContext = {
    logger,
    now,
    minFillMs: config.forms.minFillMs,
    tokens: deps.tokens,
    metrics: deps.metrics,
  };

  // The date window moves once a day; building a schema per request would be wasted work.
  let appointmentSchema: { day: string; schema: AppointmentServerSchema } | undefined;
  function appointmentSchemaFor(at: Date): AppointmentServerSchema {
    const day = agencyDateOf(at);
    if (appointmentSchema?.day !== day)
      appointmentSchema = { day, schema: createAppointmentServerSchema(at) };
    return appointmentSchema.schema;
  }

  /**
   * Queues the visitor's acknowledgment if the limits allow it (one per address a day,
   * a few per IP a day), in the submission's transaction; answers what staff are told.
   */
  async function acknowledge<Row extends object>(
    trx: Db,
    form: FormHandling<Row>,
    row: Row,
    notice: LeadNotice,
    at: Date,
    visitor: Visitor,
    copy: AcknowledgmentCopy,
  ): Promise<AgencyNotification["acknowledgment"]> {
    const verdict = await claimAcknowledgment(trx, {
      email: notice.visitorEmail,
      clientKey: visitor.ip === undefined ? undefined : deps.clientAddressKey(visitor.ip),
      perIpPerDay: config.followUp.acknowledgmentsPerIpPerDay,
      now: at,
    });
    if (verdict !== "allowed") return verdict;
    const payload: Acknowledgment = {
      messageId: newMessageId(config.settings.siteUrl),
      form: form.kind,
      email: notice.visitorEmail,
      greetingName: greetingNameOf(notice.visitorName),
      choices: form.choices(row),
      ...copy,
    };
    await enqueueOutboxMessage(trx, { kind: ACKNOWLEDGMENT, payload, now: at });
    return "sent";
  }

  /**
   * The row, the agency's e-mail about it and the visitor's acknowledgment commit
   * together, or none does. A suspected submission is stored without either e-mail;
   * releasing it queues the agency's (never the acknowledgment: that is for at once).
   */
  async function store<Row extends object>(
    form: FormHandling<Row>,
    row: Row,
    { at, suspected, source, startField }: Arrival,
    visitor: Visitor,
  ) {
    const createdAt = at.toISOString();
    const acknowledging = config.followUp.acknowledge && !suspected;
    // Read before the transaction, so the write lock is not held for it; the message keeps
    // the words as they are now, and a later edit leaves a queued one as it is.
    const copy = acknowledging ? await readAcknowledgmentCopy(pageCopy, form.kind) : {};
    const { formToken, submissionKey } = submissionKeys(startField, row);
    const queued = await db.transaction().execute(async (trx) => {
      // A held submission stands alone: linking a genuine one to it would hide that one.
      const repeatOf = suspected
        ? undefined
        : await findFirstSubmission(trx, form.table, {
            formToken,
            email: form.notice({ ...row, ...source, id: 0 }).visitorEmail,
            since: new Date(at.getTime() - REPEAT_WINDOW_MS).toISOString(),
          });
      const id = await insertSubmissionOnce(trx, form.table, {
        ...row,
        ...source,
        created_at: createdAt,
        suspected_spam: suspected,
        form_token: formToken,
        submission_key: submissionKey,
        repeat_of: repeatOf ?? null,
        // Row is the form's own columns, which the generic store cannot name by table.
      } as Parameters<typeof insertSubmissionOnce>[2]);
      // The same answers from the same form again: already stored, and already told about.
      if (id === undefined) {
        logger.info({ form: form.kind }, "submission sent again from the same form: kept once");
        return false;
      }
      if (suspected) return false;
      const stored = { ...row, ...source, id };
      const notice = form.notice(stored);
      const acknowledgment = acknowledging
        ? await acknowledge(trx, form, row, notice, at, visitor, copy)
        : undefined;
      const calendar = form.calendar?.(stored, createdAt);
      const payload = agencyNotification(notice, createdAt, config.settings.siteUrl, {
        acknowledgment,
        calendar,
      });
      await enqueueOutboxMessage(trx, { kind: form.kind, payload, now: at });
      return true;
    });
    if (queued) onQueued();
  }

  const websiteDesign: FormHandling<ReturnType<typeof websiteDesignLeadRow>> = {
    kind: "website-design-lead",
    notice: websiteDesignLeadNotice,
    choices: websiteDesignLeadChoices,
    table: "website_design_leads",
  };
  const webApp: FormHandling<ReturnType<typeof webAppLeadRow>> = {
    kind: "web-app-lead",
    notice: webAppLeadNotice,
    choices: webAppLeadChoices,
    table: "web_app_leads",
  };
  const appointment: FormHandling<ReturnType<typeof appointmentRow>> = {
    kind: "appointment-request",
    notice: appointmentNotice,
    choices: appointmentChoices,
    table: "appointment_requests",
    calendar: (row, stamp) => appointmentRequestCalendar(row, config, stamp),
  };

  return {
    submitWebsiteDesign: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "website-design-lead",
        input,
        websiteDesignLeadSchema,
        (lead, arrival) => store(websiteDesign, websiteDesignLeadRow(lead), arrival, visitor),
        visitor,
      ),

    submitWebApp: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "web-app-lead",
        input,
        webAppLeadServerSchema,
        (lead, arrival) => store(webApp, webAppLeadRow(lead), arrival, visitor),
        visitor,
      ),

    requestAppointment: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "appointment-request",
        input,
        appointmentSchemaFor(now()),
        (request, arrival) => store(appointment, appointmentRow(request), arrival, visitor),
        visitor,
      ),

    ...createNewsletterService({ db, config, ctx, onQueued }),
  };
}

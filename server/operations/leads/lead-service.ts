import type { AppConfig } from "#server/platform/config.ts";
import { createPageCopySource, type PageCopySource } from "#server/content/page-copy-source.ts";
import type { Db } from "#server/db/database.ts";
import { findFirstSubmission, insertSubmissionOnce } from "#server/db/leads.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Logger } from "#server/platform/logger.ts";
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
import { issueManageLink } from "#server/operations/appointments/manage-links.ts";
import { meetingPlaceOf } from "#server/operations/appointments/meeting-place.ts";
import type { MeetingPlace } from "#shared/meeting-place.ts";
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
import {
  handleSubmission,
  SubmissionRefused,
  type Arrival,
  type SubmissionContext,
  type SubmissionResult,
} from "./submission";
import { requestedStart } from "#server/operations/appointments/appointment-times.ts";
import {
  bookingCalendar,
  freeTimesOfDay,
  nearestFreeTimes,
  nearestSentence,
  readAvailabilityRules,
} from "#server/operations/appointments/availability.ts";
import { holdSlot, SlotTaken } from "#server/operations/appointments/slot-claims.ts";
import { confirmAppointmentRequest } from "#server/operations/appointments/appointment-schedule.ts";
import type { AppointmentRequest } from "#shared/forms/appointment-schema.ts";
import { clockOf, spokenDate, type BookingCalendar, type SlotReason } from "#shared/booking-calendar.ts";
import type { SourceColumns, SourceRequest } from "./visit-source";

export type { SubmissionResult } from "./submission";
export type { ConfirmResult, UnsubscribeResult, UnsubscribeTokenStatus } from "#shared/forms/results.ts";

/**
 * Who sent a submission, as far as the server can tell: the acknowledgment's IP limit
 * counts by the IP; the Referer and Host say which of the site's pages sent it, where the
 * form did not (docs/decisions/045-lead-attribution.md).
 */
export type Visitor = { ip?: string; userAgent?: string } & SourceRequest;

/**
 * Everything a visitor can submit. Plain data in, plain results out: the JSON API and
 * React Router actions (forms without JavaScript) both call it.
 */
export type LeadService = {
  submitWebsiteDesign(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
  submitWebApp(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
  requestAppointment(input: unknown, visitor?: Visitor): Promise<SubmissionResult>;
  /** The booking form's calendar now: the mode, and each offered day's 7 times free or not. */
  appointmentCalendar(): Promise<BookingCalendar>;
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
  config: Pick<AppConfig, "forms" | "settings" | "followUp" | "mail">;
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
  /**
   * Whether the sender's visit was counted (the page-view counter's answer): stored with
   * the lead, so its conversion counts only leads of counted visits. Without it, or
   * without the sender's address, a lead's visit is stored as not known (null).
   */
  visitCounted?: (visitor: { ip: string; userAgent: string }, at: Date) => Promise<boolean>;
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
  /** Appointment requests: the acknowledgment carries the place and the visitor's private link. */
  manageable?: boolean;
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
    booking: { id: number; place: MeetingPlace } | undefined,
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
      ...(booking
        ? {
            place: booking.place.label,
            placeKind: booking.place.kind,
            manageToken: await issueManageLink(trx, booking.id, at),
          }
        : {}),
    };
    await enqueueOutboxMessage(trx, { kind: ACKNOWLEDGMENT, payload, now: at });
    return "sent";
  }

  /** 1 or 0 as the count answers; null when it cannot be asked. A failure to ask never loses the lead. */
  async function visitCountedOf(visitor: Visitor, at: Date): Promise<number | null> {
    if (!deps.visitCounted || visitor.ip === undefined) return null;
    try {
      return (await deps.visitCounted({ ip: visitor.ip, userAgent: visitor.userAgent ?? "" }, at)) ? 1 : 0;
    } catch (error) {
      logger.warn({ err: error }, "could not tell whether a lead's visit was counted");
      return null;
    }
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
    /** Also done in the transaction for a row not held as suspected (an appointment's hold). */
    alsoDo?: (trx: Db, id: number) => Promise<void>,
  ): Promise<number | undefined> {
    const createdAt = at.toISOString();
    const acknowledging = config.followUp.acknowledge && !suspected;
    // Read before the transaction, so the write lock is not held for it; the message keeps
    // the words as they are now, and a later edit leaves a queued one as it is.
    const copy = acknowledging ? await readAcknowledgmentCopy(pageCopy, form.kind) : {};
    const visitCounted = await visitCountedOf(visitor, at);
    const place =
      acknowledging && form.manageable
        ? await meetingPlaceOf({ db, config }, { meeting_place: null })
        : undefined;
    const { formToken, submissionKey } = submissionKeys(startField, row);
    const stored = await db.transaction().execute(async (trx) => {
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
        visit_counted: visitCounted,
        form_token: formToken,
        submission_key: submissionKey,
        repeat_of: repeatOf ?? null,
        // Row is the form's own columns, which the generic store cannot name by table.
      } as Parameters<typeof insertSubmissionOnce>[2]);
      // The same answers from the same form again: already stored, and already told about.
      if (id === undefined) {
        logger.info({ form: form.kind }, "submission sent again from the same form: kept once");
        return undefined;
      }
      if (suspected) return { id, queued: false };
      await alsoDo?.(trx, id);
      const stored = { ...row, ...source, id };
      const notice = form.notice(stored);
      const acknowledgment = acknowledging
        ? await acknowledge(trx, form, row, notice, at, visitor, copy, place && { id, place })
        : undefined;
      const calendar = form.calendar?.(stored, createdAt);
      const payload = agencyNotification(notice, createdAt, config.settings.siteUrl, {
        acknowledgment,
        calendar,
      });
      await enqueueOutboxMessage(trx, { kind: form.kind, payload, now: at });
      return { id, queued: true };
    });
    if (stored?.queued) onQueued();
    return stored?.id;
  }

  /**
   * An appointment request. Its time is held for it while free (both modes; 060, 061). With
   * instant booking on, a time that is not free is refused with the nearest free ones and
   * nothing is stored; a free one is held in the request's own transaction (the database
   * decides who gets it) and then confirmed through staff's confirm, invitation and all.
   */
  async function storeAppointment(request: AppointmentRequest, arrival: Arrival, visitor: Visitor) {
    const row = appointmentRow(request);
    const start = requestedStart(row.preferred_date, row.preferred_time);
    const rules = await readAvailabilityRules(db);
    const instant = rules.instant && !arrival.suspected && start !== undefined;
    const calendar = { db, config };
    if (instant) {
      const day = await freeTimesOfDay(calendar, row.preferred_date, arrival.at);
      const slot = day.ok
        ? day.value.slots.find((candidate) => candidate.value === row.preferred_time)
        : undefined;
      if (!slot?.free)
        throw await notFree(row.preferred_date, row.preferred_time, start, slot?.reason, arrival.at);
    }
    let id: number | undefined;
    try {
      id = await store(appointment, row, arrival, visitor, async (trx, newId) => {
        if (!start) return;
        const held = await holdSlot(trx, {
          appointmentId: newId,
          start,
          minutes: config.followUp.appointmentMinutes,
          bufferMinutes: rules.bufferMinutes,
          now: arrival.at,
        });
        if (!held && instant) throw new SlotTaken();
      });
    } catch (error) {
      if (error instanceof SlotTaken && start) {
        throw await notFree(row.preferred_date, row.preferred_time, start, "taken", arrival.at);
      }
      throw error;
    }
    // Sent again from the same form: the first is stored, held (and booked) already.
    if (id === undefined || !instant) return;
    const confirmed = await confirmAppointmentRequest(
      calendar,
      String(id),
      { by: "instant booking" },
      () => arrival.at,
    );
    if (confirmed.ok) onQueued();
    else logger.error({ appointment: id, reason: confirmed.reason }, "instant booking held, not confirmed");
  }

  /** The refusal of a time that is not free, offering the nearest free ones; nothing is stored. */
  async function notFree(
    date: string,
    slot: string,
    start: string | undefined,
    reason: SlotReason | undefined,
    at: Date,
  ): Promise<SubmissionRefused> {
    const nearest = start ? await nearestFreeTimes({ db, config }, start, { now: at }) : [];
    const when = `${spokenDate(date)} at ${clockOf(slot)}`;
    const state = reason === "taken" || reason === "full" ? "is no longer free" : "cannot be booked";
    const sentence = `${when} ${state}. ${nearestSentence(nearest)}`;
    return new SubmissionRefused(sentence, { preferred_time: sentence });
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
    manageable: true,
    calendar: (row, stamp) => appointmentRequestCalendar(row, config, stamp),
  };

  return {
    submitWebsiteDesign: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "website-design-lead",
        input,
        websiteDesignLeadSchema,
        async (lead, arrival) =>
          void (await store(websiteDesign, websiteDesignLeadRow(lead), arrival, visitor)),
        visitor,
      ),

    submitWebApp: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "web-app-lead",
        input,
        webAppLeadServerSchema,
        async (lead, arrival) => void (await store(webApp, webAppLeadRow(lead), arrival, visitor)),
        visitor,
      ),

    requestAppointment: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "appointment-request",
        input,
        appointmentSchemaFor(now()),
        (request, arrival) => storeAppointment(request, arrival, visitor),
        visitor,
      ),

    appointmentCalendar: async () => {
      const at = now();
      const [rules, days] = await Promise.all([
        readAvailabilityRules(db),
        bookingCalendar({ db, config }, at),
      ]);
      return { instant: rules.instant, days };
    },

    ...createNewsletterService({ db, config, ctx, onQueued }),
  };
}

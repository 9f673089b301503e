import type { AppConfig } from "#server/platform/config.ts";
import { createPageCopySource, type PageCopySource } from "#server/content/page-copy-source.ts";
import type { Db } from "#server/db/database.ts";
import type { Logger } from "#server/platform/logger.ts";
import { agencyDateOf } from "#shared/forms/appointment.ts";
import { websiteDesignLeadSchema } from "#shared/forms/website-design-lead-schema.ts";
import type { ClientAddressKey } from "./client-address-key";
import type { FormTokens } from "./form-guard";
import {
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
  type SubmissionOutcome,
} from "./submission";
import { storeSubmission, type FormHandling, type StoreDeps, type Visitor } from "./store-submission";
import { requestedStart } from "#server/operations/meetings/appointment-times.ts";
import {
  bookingCalendar,
  freeTimesOfDay,
  nearestFreeTimes,
  nearestSentence,
  readAvailabilityRules,
} from "#server/operations/meetings/availability.ts";
import { holdSlot, SlotTaken } from "#server/operations/meetings/slot-claims.ts";
import { confirmAppointmentRequest } from "#server/operations/meetings/appointment-schedule.ts";
import type { AppointmentRequest } from "#shared/forms/appointment-schema.ts";
import { clockOf, spokenDate, type BookingCalendar, type SlotReason } from "#shared/booking-calendar.ts";

export type { SubmissionOutcome } from "./submission";
export type { ConfirmResult, UnsubscribeResult, UnsubscribeTokenStatus } from "#shared/forms/results.ts";

export type { Visitor } from "./store-submission";
export { REPEAT_WINDOW_MS } from "./store-submission";

/**
 * Everything a visitor can submit. Plain data in, plain results out: the JSON API and
 * React Router actions (forms without JavaScript) both call it.
 */
export type LeadService = {
  submitWebsiteDesign(input: unknown, visitor?: Visitor): Promise<SubmissionOutcome>;
  submitWebApp(input: unknown, visitor?: Visitor): Promise<SubmissionOutcome>;
  requestAppointment(input: unknown, visitor?: Visitor): Promise<SubmissionOutcome>;
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
  now: () => Date;
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
const appointmentForm = (config: StoreDeps["config"]): FormHandling<ReturnType<typeof appointmentRow>> => ({
  kind: "appointment-request",
  notice: appointmentNotice,
  choices: appointmentChoices,
  table: "appointment_requests",
  manageable: true,
  calendar: (row, stamp) => appointmentRequestCalendar(row, config, stamp),
});

export function createLeadService(deps: LeadServiceDeps): LeadService {
  const { db, config, logger } = deps;
  const { now } = deps;
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
  const store: StoreDeps = {
    db,
    config,
    logger,
    clientAddressKey: deps.clientAddressKey,
    visitCounted: deps.visitCounted,
    pageCopy,
    onQueued,
  };

  return {
    submitWebsiteDesign: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "website-design-lead",
        input,
        websiteDesignLeadSchema,
        async (lead, arrival) =>
          void (await storeSubmission(store, websiteDesign, websiteDesignLeadRow(lead), arrival, visitor)),
        visitor,
      ),

    submitWebApp: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "web-app-lead",
        input,
        webAppLeadServerSchema,
        async (lead, arrival) =>
          void (await storeSubmission(store, webApp, webAppLeadRow(lead), arrival, visitor)),
        visitor,
      ),

    requestAppointment: (input, visitor = {}) =>
      handleSubmission(
        ctx,
        "appointment-request",
        input,
        appointmentSchemaFor(now()),
        (request, arrival) => storeAppointment(store, request, arrival, visitor),
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

/**
 * An appointment request. Its time is held for it while free (both modes; 060, 061). With
 * instant booking on, a time that is not free is refused with the nearest free ones and
 * nothing is stored; a free one is held in the request's own transaction (the database
 * decides who gets it) and then confirmed through staff's confirm, invitation and all.
 */
async function storeAppointment(
  deps: StoreDeps,
  request: AppointmentRequest,
  arrival: Arrival,
  visitor: Visitor,
) {
  const { db, config, logger, onQueued } = deps;
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
      throw await notFree(calendar, row.preferred_date, row.preferred_time, start, slot?.reason, arrival.at);
  }
  let id: number | undefined;
  try {
    id = await storeSubmission(deps, appointmentForm(config), row, arrival, visitor, async (trx, newId) => {
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
      throw await notFree(calendar, row.preferred_date, row.preferred_time, start, "taken", arrival.at);
    }
    throw error;
  }
  // Sent again from the same form: the first is stored, held (and booked) already.
  if (id === undefined || !instant) return;
  const confirmed = await confirmAppointmentRequest({ ...calendar, now: () => arrival.at }, String(id), {
    by: "instant booking",
  });
  if (confirmed.ok) onQueued();
  else logger.error({ appointment: id, reason: confirmed.reason }, "instant booking held, not confirmed");
}

/** The refusal of a time that is not free, offering the nearest free ones; nothing is stored. */
async function notFree(
  calendar: { db: Db; config: StoreDeps["config"] },
  date: string,
  slot: string,
  start: string | undefined,
  reason: SlotReason | undefined,
  at: Date,
): Promise<SubmissionRefused> {
  const nearest = start ? await nearestFreeTimes(calendar, start, { now: at }) : [];
  const when = `${spokenDate(date)} at ${clockOf(slot)}`;
  const state = reason === "taken" || reason === "full" ? "is no longer free" : "cannot be booked";
  const sentence = `${when} ${state}. ${nearestSentence(nearest)}`;
  return new SubmissionRefused(sentence, { preferred_time: sentence });
}

import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { escapeHtml } from "#shared/escape-html.ts";
import { storedCalendarSchema } from "./meeting-invite";
import { css, htmlDocument, htmlTable } from "./layout";
import { manageLinkParts } from "./manage-link";
import { summaryWithRows, visitorEnvelope, visitorLetter } from "./visitor-layout";

/**
 * The calendar invitation of a confirmed appointment, and its updates when it moves or is
 * cancelled: to the visitor, and a copy of the same event for the agency's calendar.
 */

export const APPOINTMENT_UPDATE = "appointment-update";

/**
 * A meeting confirmed, moved or cancelled; a request not yet confirmed moved to another
 * requested time or cancelled by its visitor ("request-moved", "request-cancelled").
 */
export const appointmentChanges = [
  "confirmed",
  "rescheduled",
  "cancelled",
  "request-moved",
  "request-cancelled",
] as const;

const appointmentUpdateSchema = z.object({
  messageId: z.string(),
  /** The visitor gets the invitation; the agency a copy of the same event for its calendar. */
  audience: z.enum(["visitor", "agency"]),
  change: z.enum(appointmentChanges),
  appointmentId: z.number(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  greetingName: z.string().nullable(),
  service: z.string(),
  /** "Thu, 3 Dec 2026, 10:00 to 10:45", Cape Town time, written when it was queued. */
  when: z.string(),
  /** The visitor has no calendar entry for a request not yet confirmed; the agency always has one. */
  calendar: storedCalendarSchema.optional(),
  /** Where the meeting is, for people ("At our studio: …", "Video call: …"). Absent before 0036. */
  place: z.string().optional(),
  /** The visitor's private link's token (visitor copy only); removed from the row once sent. */
  manageToken: z.string().optional(),
  /** The visitor made the change from their link: the agency's copy says so. */
  byVisitor: z.boolean().optional(),
  /** The agency's copy goes to the request's owner; absent: the agency inbox. */
  to: z.string().optional(),
});
export type AppointmentUpdate = z.infer<typeof appointmentUpdateSchema>;

const changeWording = {
  confirmed: { subject: "is confirmed", sentence: "Your consultation is confirmed." },
  rescheduled: { subject: "has moved", sentence: "Your consultation has moved to a new time." },
  cancelled: { subject: "is cancelled", sentence: "Your consultation is cancelled." },
  "request-moved": {
    subject: "request has moved",
    sentence: "Your consultation request has moved to a new time. We will confirm it by e-mail.",
  },
  "request-cancelled": {
    subject: "request is cancelled",
    sentence: "Your consultation request is cancelled.",
  },
} as const;

/** How the agency's copy names a change. */
const agencyWording = {
  confirmed: "confirmed",
  rescheduled: "rescheduled",
  cancelled: "cancelled",
  "request-moved": "request moved",
  "request-cancelled": "request cancelled",
} as const;

const cancels = (change: AppointmentUpdate["change"]) =>
  change === "cancelled" || change === "request-cancelled";

function buildAppointmentUpdate(data: AppointmentUpdate, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const wording = changeWording[data.change];
  const rows = [
    { label: "When", value: `${data.when} (Cape Town time)` },
    ...(data.place ? [{ label: "Where", value: data.place }] : []),
    { label: "About", value: data.service },
  ];
  if (data.audience === "agency") {
    const subject = `Appointment #${data.appointmentId} ${agencyWording[data.change]}${data.byVisitor ? " by the visitor" : ""}: ${data.visitorName}, ${data.when}`;
    const line = data.byVisitor
      ? `${data.visitorName} (${data.visitorEmail}) made this change themselves, from the private link in their e-mail; the attached event updates the agency's calendar.`
      : `${data.visitorName} (${data.visitorEmail}) was sent the calendar ${cancels(data.change) ? "cancellation" : "invitation"}; this copy of the same event is for the agency's calendar.`;
    const text = [subject, "", line, "", ...rows.map((row) => `${row.label}: ${row.value}`)].join("\n");
    const html = htmlDocument(subject, [
      `<p style="${css.summary}">${escapeHtml(subject)}</p>`,
      `<p style="${css.paragraph}">${escapeHtml(line)}</p>`,
      htmlTable(rows, ""),
    ]);
    return {
      from: ctx.mail.from,
      to: data.to ?? ctx.mail.to,
      subject,
      messageId: data.messageId,
      text,
      html,
      ...(data.calendar ? { icalEvent: data.calendar } : {}),
    };
  }
  const subject = `Your consultation with ${brand} ${wording.subject}: ${data.when}`;
  const action = cancels(data.change)
    ? `${data.calendar ? "The attached update removes it from your calendar. " : ""}To find another time, book again on our website or reply to this e-mail.`
    : data.calendar
      ? "The invitation is attached: accept it to put the consultation in your calendar."
      : "We will send the calendar invitation once the time is confirmed.";
  const manage = manageLinkParts(ctx.settings.siteUrl, data.manageToken);
  const { text, html } = visitorLetter(
    ctx,
    {
      subject,
      greetingName: data.greetingName,
      sentBecause: `You get this e-mail about the appointment you requested on the ${brand} website.`,
    },
    summaryWithRows(wording.sentence, rows),
    { text: ["", action], html: [`<p style="${css.paragraph}">${escapeHtml(action)}</p>`] },
    manage,
  );
  return {
    ...visitorEnvelope(ctx, data.visitorEmail),
    subject,
    messageId: data.messageId,
    text,
    html,
    ...(data.calendar ? { icalEvent: data.calendar } : {}),
  };
}

export function renderAppointmentUpdate(data: unknown, ctx: MailContext): SendMailOptions {
  return buildAppointmentUpdate(appointmentUpdateSchema.parse(data), ctx);
}

import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "#server/config.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { storedCalendarSchema } from "./calendar";
import { brandHeader, css, htmlDocument, htmlTable } from "./layout";
import { greeting, visitorEnvelope, visitorFooter } from "./visitor-layout";

/**
 * The calendar invitation of a confirmed appointment, and its updates when it moves or is
 * cancelled: to the visitor, and a copy of the same event for the agency's calendar.
 */

type MailContext = Pick<AppConfig, "mail" | "settings">;

export const APPOINTMENT_UPDATE = "appointment-update";

export const appointmentChanges = ["confirmed", "rescheduled", "cancelled"] as const;

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
  calendar: storedCalendarSchema,
});
export type AppointmentUpdate = z.infer<typeof appointmentUpdateSchema>;

const changeWording = {
  confirmed: { subject: "is confirmed", sentence: "Your consultation is confirmed." },
  rescheduled: { subject: "has moved", sentence: "Your consultation has moved to a new time." },
  cancelled: { subject: "is cancelled", sentence: "Your consultation is cancelled." },
} as const;

function buildAppointmentUpdate(data: AppointmentUpdate, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const wording = changeWording[data.change];
  const rows = [
    { label: "When", value: `${data.when} (Cape Town time)` },
    { label: "About", value: data.service },
  ];
  if (data.audience === "agency") {
    const subject = `Appointment #${data.appointmentId} ${data.change}: ${data.visitorName}, ${data.when}`;
    const line = `${data.visitorName} (${data.visitorEmail}) was sent the calendar ${data.change === "cancelled" ? "cancellation" : "invitation"}; this copy of the same event is for the agency's calendar.`;
    const text = [subject, "", line, "", ...rows.map((row) => `${row.label}: ${row.value}`)].join("\n");
    const html = htmlDocument(subject, [
      `<p style="${css.summary}">${escapeHtml(subject)}</p>`,
      `<p style="${css.paragraph}">${escapeHtml(line)}</p>`,
      htmlTable(rows, ""),
    ]);
    return {
      from: ctx.mail.from,
      to: ctx.mail.to,
      subject,
      messageId: data.messageId,
      text,
      html,
      icalEvent: data.calendar,
    };
  }
  const subject = `Your consultation with ${brand} ${wording.subject}: ${data.when}`;
  const action =
    data.change === "cancelled"
      ? "The attached update removes it from your calendar. To find another time, reply to this e-mail."
      : "The invitation is attached: accept it to put the consultation in your calendar.";
  const footer = visitorFooter(
    ctx,
    `You get this e-mail about the appointment you requested on the ${brand} website.`,
  );
  const text = [
    greeting(data.greetingName),
    "",
    wording.sentence,
    "",
    ...rows.map((row) => `${row.label}: ${row.value}`),
    "",
    action,
    ...footer.text,
  ].join("\n");
  const html = htmlDocument(subject, [
    brandHeader(brand),
    `<p style="${css.paragraph}">${escapeHtml(greeting(data.greetingName))}</p>`,
    `<p style="${css.summary}">${escapeHtml(wording.sentence)}</p>`,
    htmlTable(rows, ""),
    `<p style="${css.paragraph}">${escapeHtml(action)}</p>`,
    ...footer.html,
  ]);
  return {
    ...visitorEnvelope(ctx, data.visitorEmail),
    subject,
    messageId: data.messageId,
    text,
    html,
    icalEvent: data.calendar,
  };
}

export function renderAppointmentUpdate(data: unknown, ctx: MailContext): SendMailOptions {
  return buildAppointmentUpdate(appointmentUpdateSchema.parse(data), ctx);
}

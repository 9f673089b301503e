import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { manageLinkParts } from "./manage-link";
import { summaryWithRows, visitorEnvelope, visitorLetter } from "./visitor-layout";

/**
 * The visitor's reminder of a confirmed meeting, about a day before it
 * (server/operations/meetings/visitor-reminders.ts), with their private link.
 */

export const APPOINTMENT_REMINDER = "appointment-reminder";

const appointmentReminderSchema = z.object({
  messageId: z.string(),
  appointmentId: z.number(),
  email: z.string(),
  greetingName: z.string().nullable(),
  service: z.string(),
  /** "Thu, 3 Dec 2026, 10:00 to 10:45", Cape Town time. */
  when: z.string(),
  place: z.string(),
  /** Removed from the row once sent. */
  manageToken: z.string(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

function buildReminder(data: AppointmentReminder, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const subject = `Reminder: your consultation with ${brand}, ${data.when}`;
  const sentence = `This is a reminder of your consultation with ${brand}.`;
  const rows = [
    { label: "When", value: `${data.when} (Cape Town time)` },
    { label: "Where", value: data.place },
    { label: "About", value: data.service },
  ];
  const manage = manageLinkParts(
    ctx.settings.siteUrl,
    data.manageToken,
    "Can't make it? Move it to another free time or cancel it with your private link:",
  );
  const { text, html } = visitorLetter(
    ctx,
    {
      subject,
      greetingName: data.greetingName,
      sentBecause: `You get this e-mail about the appointment you booked on the ${brand} website.`,
    },
    summaryWithRows(sentence, rows),
    manage,
  );
  return { ...visitorEnvelope(ctx, data.email), subject, messageId: data.messageId, text, html };
}

export function renderAppointmentReminder(data: unknown, ctx: MailContext): SendMailOptions {
  return buildReminder(appointmentReminderSchema.parse(data), ctx);
}

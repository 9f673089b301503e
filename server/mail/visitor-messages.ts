import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "../config";
import { escapeHtml } from "../../shared/escape-html";
import { appointmentNextSteps, leadNextSteps } from "../../shared/forms/next-steps";
import { storedCalendarSchema } from "./calendar";
import { brandHeader, contactHtml, contactLines, css, htmlDocument, htmlTable } from "./layout";

/**
 * E-mails to visitors: the acknowledgment of a lead or appointment request, and the
 * calendar invitation (and its updates) of a confirmed appointment. They go to an address
 * nobody verified, so they hold no text the visitor typed except their own name, and
 * only when it reads like one (docs/decisions/020-lead-follow-up.md).
 */

type MailContext = Pick<AppConfig, "mail" | "settings">;

export const ACKNOWLEDGMENT = "acknowledgment";
export const APPOINTMENT_UPDATE = "appointment-update";

const acknowledgedForms = {
  "website-design-lead": { thing: "website proposal request", steps: "lead" },
  "web-app-lead": { thing: "web-app proposal request", steps: "lead" },
  "appointment-request": { thing: "appointment request", steps: "appointment" },
} as const;

const labelled = z.object({ label: z.string(), value: z.string() });

const acknowledgmentSchema = z.object({
  messageId: z.string(),
  form: z.enum(["website-design-lead", "web-app-lead", "appointment-request"]),
  email: z.string(),
  /** Null when the name given does not read like a name (a link, an address). */
  greetingName: z.string().nullable(),
  /** The options the visitor picked, labelled as the form showed them. Never free text. */
  choices: z.array(labelled),
});
export type Acknowledgment = z.infer<typeof acknowledgmentSchema>;

/**
 * The name as a greeting may use it: at most 50 characters and nothing that makes it a
 * link or an address, so the acknowledgment cannot carry a spammer's message to a
 * stranger's inbox. Otherwise the greeting has no name.
 */
export function greetingNameOf(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 50) return null;
  if (/[@/\\:<>]|www\.|\.[a-z]{2,}\b|\d{3}/i.test(trimmed)) return null;
  return trimmed;
}

const greeting = (name: string | null) => (name ? `Hello ${name},` : "Hello,");

function nextStepLines(steps: "lead" | "appointment"): string[] {
  return steps === "lead"
    ? [...leadNextSteps]
    : appointmentNextSteps.map((step) => `${step.title}: ${step.text}`);
}

function visitorFooter(ctx: MailContext, sentBecause: string): { text: string[]; html: string[] } {
  const brand = ctx.settings.brandName;
  return {
    text: [
      "",
      `Questions? Reply to this e-mail, or reach ${brand} at:`,
      ...contactLines(ctx.settings),
      "",
      sentBecause,
    ],
    html: [
      `<p style="${css.heading}">Questions?</p>`,
      `<p style="${css.paragraph}">Reply to this e-mail, or reach ${escapeHtml(brand)} at:</p>`,
      contactHtml(ctx.settings),
      `<p style="${css.footer}">${escapeHtml(sentBecause)}</p>`,
    ],
  };
}

/**
 * From the agency, answered to its inbox under the brand's name (MAIL_TO as given when
 * it is a list), marked automatic (RFC 3834) so no auto-reply answers it.
 */
function visitorEnvelope(ctx: MailContext, to: string) {
  const inbox = ctx.mail.to.trim();
  const single = /^[^\s,<>"]+@[^\s,<>"]+$/.test(inbox);
  return {
    from: ctx.mail.from,
    to,
    replyTo: single ? { name: ctx.settings.brandName, address: inbox } : inbox,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

function renderAcknowledgment(data: Acknowledgment, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const form = acknowledgedForms[data.form];
  const subject = `We received your ${form.thing} - ${brand}`;
  const intro = `Thank you for your ${form.thing}. This is an automatic note to say it reached ${brand}.`;
  const steps = nextStepLines(form.steps);
  const footer = visitorFooter(
    ctx,
    `You get this e-mail because this address was entered on the ${brand} website. If that was not you, reply and we will delete it.`,
  );
  const text = [
    greeting(data.greetingName),
    "",
    intro,
    ...(data.choices.length > 0
      ? ["", "What you chose:", ...data.choices.map((choice) => `${choice.label}: ${choice.value}`)]
      : []),
    "",
    "What happens next:",
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    ...footer.text,
  ].join("\n");
  const html = htmlDocument(subject, [
    brandHeader(brand),
    `<p style="${css.paragraph}">${escapeHtml(greeting(data.greetingName))}</p>`,
    `<p style="${css.paragraph}">${escapeHtml(intro)}</p>`,
    ...(data.choices.length > 0
      ? [`<p style="${css.heading}">What you chose</p>`, htmlTable(data.choices, "")]
      : []),
    `<p style="${css.heading}">What happens next</p>`,
    `<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`,
    ...footer.html,
  ]);
  return { ...visitorEnvelope(ctx, data.email), subject, messageId: data.messageId, text, html };
}

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

function renderAppointmentUpdate(data: AppointmentUpdate, ctx: MailContext): SendMailOptions {
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

/** The visitor-facing kinds, for renderOutboxMessage. */
export const visitorMessageRenderers = {
  [ACKNOWLEDGMENT]: (data: unknown, ctx: MailContext) =>
    renderAcknowledgment(acknowledgmentSchema.parse(data), ctx),
  [APPOINTMENT_UPDATE]: (data: unknown, ctx: MailContext) =>
    renderAppointmentUpdate(appointmentUpdateSchema.parse(data), ctx),
} as const;

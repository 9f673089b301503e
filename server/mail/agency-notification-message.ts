import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import type { InboxForm } from "#shared/inbox.ts";
import { nameLead } from "#shared/lead-names.ts";
import { leadPageUrl } from "#shared/staff-paths.ts";
import { storedCalendarSchema } from "./meeting-invite";
import { css, htmlDocument, htmlTable } from "./layout";

/** The agency's e-mail about a new lead or appointment request, answered straight to the visitor. */

/** What the agency is told about; the outbox row's `kind`. */
export const agencyNotificationKinds = {
  "website-design-lead": "New website-design lead",
  "web-app-lead": "New web-app lead",
  "appointment-request": "New appointment request",
} as const;
export type AgencyNotificationKind = keyof typeof agencyNotificationKinds;

export const agencyNotificationSchema = z.object({
  messageId: z.string(),
  /**
   * The row's id as stored ("wd-12"; an appointment request's "7"), for the link to its
   * page. Optional: rows queued before e-mails carried it still render.
   */
  recordId: z.string().optional(),
  /** Name, company, service and budget as far as the form asks for them, on one line (optional as above). */
  summary: z.string().optional(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  submittedAt: z.string(),
  /** Every field of the form, labelled, in the form's order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /**
   * Where the visitor came from, in one sentence ("LinkedIn / paid / november-launch,
   * landed on /website-design"); absent when nothing was recorded or the row was queued
   * before sources were kept.
   */
  source: z.string().optional(),
  /** Whether the visitor was sent an acknowledgment, or why not (absent: the feature is off). */
  acknowledgment: z.enum(["sent", "repeat-address", "ip-cap"]).optional(),
  /** An appointment request's tentative calendar entry, made when it was queued. */
  calendar: storedCalendarSchema.optional(),
});
export type AgencyNotification = z.infer<typeof agencyNotificationSchema>;

// Made once: building a DateTimeFormat costs more than rendering the rest of an e-mail.
const submittedAtFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

function formatSubmittedAt(iso: string): string {
  return `${submittedAtFormat.format(new Date(iso))} (Cape Town time)`;
}

/**
 * How the e-mail names its row: by the visitor and the form in words, with the id the
 * workspace's pages use ("wd-12", "ap-7") only as a detail, beside a link to its page.
 * Staff answer from the workspace, on a phone too: no e-mail to them holds a command.
 */
const formOfKind: Record<AgencyNotificationKind, InboxForm> = {
  "website-design-lead": "website-design",
  "web-app-lead": "web-app",
  "appointment-request": "appointment",
};

/** The row's id as the workspace's pages name it: an appointment request's "7" is "ap-7" there. */
const pageIdOf = (kind: AgencyNotificationKind, id: string) =>
  kind === "appointment-request" ? `ap-${id}` : id;

const NOT_GIVEN = "(not given)";

/**
 * The one line that says what to do next: answer the visitor (Reply-To is them), then
 * record it, so the 24-hour reminder leaves the lead alone.
 */
const nextSteps: Record<AgencyNotificationKind, (name: string) => string> = {
  "website-design-lead": (name) =>
    `Next: reply to this e-mail to answer ${name} within 24 hours, then mark it contacted on its page.`,
  "web-app-lead": (name) =>
    `Next: reply to this e-mail to answer ${name} within 24 hours, then mark it contacted on its page.`,
  "appointment-request": (name) =>
    `Next: reply to this e-mail to agree the time with ${name}, then confirm the meeting on its page, which sends the calendar invitation.`,
};

/** What staff are told about the visitor's automatic acknowledgment, if anything. */
function acknowledgmentLine(data: AgencyNotification): string | undefined {
  switch (data.acknowledgment) {
    case "sent":
      return `${data.visitorName} was sent an automatic acknowledgment.`;
    case "repeat-address":
      return "No automatic acknowledgment was sent: this address got one in the last 24 hours.";
    case "ip-cap":
      return "No automatic acknowledgment was sent: the sender's IP address reached its daily limit.";
    default:
      return undefined;
  }
}

export function renderAgencyNotification(
  kind: AgencyNotificationKind,
  data: AgencyNotification,
  ctx: MailContext,
) {
  const title = agencyNotificationKinds[kind];
  const brand = ctx.settings.brandName;
  // The summary leads both parts, so it is also the preview line in the inbox list.
  const summary = data.summary ?? data.visitorName;
  const pageId = data.recordId === undefined ? undefined : pageIdOf(kind, data.recordId);
  const subject = pageId ? `${title}: ${data.visitorName} (${pageId})` : `${title}: ${data.visitorName}`;
  const named = `${nameLead(data.visitorName, formOfKind[kind])} came in through the ${brand} website`;
  const about = pageId ? `${named} (${pageId}).` : `${named}.`;
  const page = pageId && leadPageUrl(ctx.settings.siteUrl, pageId);
  const next = pageId ? nextSteps[kind](data.visitorName) : undefined;
  const rows = [
    ...data.fields,
    ...(data.source ? [{ label: "Source", value: data.source }] : []),
    { label: "Submitted", value: formatSubmittedAt(data.submittedAt) },
  ];
  // Rows queued before the "Next" line existed keep their closing advice.
  const reply = next ? undefined : `Reply to this e-mail to answer ${data.visitorName} directly.`;
  const calendarNote = data.calendar
    ? "The attached calendar entry holds the requested time, tentatively."
    : undefined;
  const closing = [acknowledgmentLine(data), calendarNote, reply].filter((line) => line !== undefined);

  const text = [
    summary,
    "",
    about,
    ...(page ? [`Open it in the workspace: ${page}`] : []),
    ...(next ? [next] : []),
    "",
    // Further lines of a long answer stay indented under its label.
    ...rows.map((row) => `${row.label}: ${(row.value || NOT_GIVEN).replace(/\r?\n/g, "\n  ")}`),
    ...(closing.length > 0 ? ["", ...closing] : []),
  ].join("\n");

  const html = htmlDocument(subject, [
    `<p style="${css.summary}">${escapeHtml(summary)}</p>`,
    `<p style="${css.paragraph}">${escapeHtml(about)}</p>`,
    page
      ? `<p style="${css.paragraph}"><a href="${escapeHtml(page)}" style="${css.button}">Open it in the workspace</a></p>`
      : "",
    next ? `<p style="${css.paragraph}"><strong>${escapeHtml(next)}</strong></p>` : "",
    htmlTable(rows, NOT_GIVEN),
    ...closing.map((line) => `<p style="${css.paragraph}">${escapeHtml(line)}</p>`),
  ]);

  return {
    from: ctx.mail.from,
    to: ctx.mail.to,
    replyTo: { name: data.visitorName, address: data.visitorEmail },
    subject,
    messageId: data.messageId,
    text,
    html,
    ...(data.calendar ? { icalEvent: data.calendar } : {}),
  } satisfies SendMailOptions;
}

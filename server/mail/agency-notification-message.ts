import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "#server/platform/config.ts";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { leadPageUrl } from "#shared/staff-paths.ts";
import { storedCalendarSchema } from "./calendar";
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
   * The row's id as the admin CLI lists it ("wd-12"; an appointment request's "7"), so
   * staff can find it. Optional: rows queued before e-mails carried it still render.
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

type MailContext = Pick<AppConfig, "mail" | "settings">;

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
 * How staff get from an e-mail to its row in the admin CLI (README "Admin CLI"): the
 * id in the subject, and the command to run. Appointment requests have a read flag, so
 * theirs marks the request read; leads have none, so theirs shows the lead.
 */
type AdminHandle = {
  tag(id: string): string;
  /** The row's id as the workspace's pages name it. */
  pageId(id: string): string;
  action: string;
  command(id: string): string;
};
const showLead: AdminHandle = {
  tag: (id) => id,
  pageId: (id) => id,
  action: "Show it with",
  command: (id) => `site-admin leads show ${id}`,
};
const adminHandles: Record<AgencyNotificationKind, AdminHandle> = {
  "website-design-lead": showLead,
  "web-app-lead": showLead,
  "appointment-request": {
    // A bare "(7)" in a subject reads like a count.
    tag: (id) => `#${id}`,
    pageId: (id) => `ap-${id}`,
    action: "Mark it read with",
    command: (id) => `site-admin appointments read ${id}`,
  },
};

const NOT_GIVEN = "(not given)";

/**
 * The one line that says what to do next: answer the visitor (Reply-To is them), then
 * record it, so the 24-hour reminder leaves the lead alone.
 */
const nextSteps: Record<AgencyNotificationKind, (id: string, name: string) => string> = {
  "website-design-lead": (id, name) =>
    `Next: reply to this e-mail to answer ${name} within 24 hours, then mark it contacted on its page (or run site-admin leads status ${id} contacted)`,
  "web-app-lead": (id, name) =>
    `Next: reply to this e-mail to answer ${name} within 24 hours, then mark it contacted on its page (or run site-admin leads status ${id} contacted)`,
  "appointment-request": (id, name) =>
    `Next: reply to this e-mail to agree the time with ${name}, then confirm the meeting on its page, which sends the calendar invitation (or run site-admin appointments confirm ${id})`,
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
  const handle = adminHandles[kind];
  // The summary leads both parts, so it is also the preview line in the inbox list.
  const summary = data.summary ?? data.visitorName;
  const id = data.recordId;
  const subject = id ? `${title}: ${data.visitorName} (${handle.tag(id)})` : `${title}: ${data.visitorName}`;
  const about = id ? `${title} ${id} from the ${brand} website.` : `${title} from the ${brand} website.`;
  const command = id && handle.command(id);
  // The workspace first (staff without a shell use it, on a phone too); the command after.
  const page = id && leadPageUrl(ctx.settings.siteUrl, handle.pageId(id));
  const next = id ? nextSteps[kind](id, data.visitorName) : undefined;
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
    ...(command ? [`${handle.action}: ${command}`] : []),
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
    command
      ? `<p style="${css.paragraph}">${handle.action}: <code style="${css.code}">${escapeHtml(command)}</code></p>`
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

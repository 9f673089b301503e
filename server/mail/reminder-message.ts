import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { escapeHtml } from "#shared/escape-html.ts";
import { formOfInboxId, nameLead } from "#shared/lead-names.ts";
import { overviewLinks } from "#shared/staff-overview.ts";
import { leadPageUrl } from "#shared/staff-paths.ts";
import { css, htmlDocument } from "./layout";

/**
 * The agency's reminder of leads still "new" well into the 24-hour promise
 * (server/operations/leads/follow-up-reminder.ts): each lead is in one reminder only, with a
 * link to its page in the workspace, where it is recorded as answered. Each is named by
 * its person and form; its id is only a detail.
 */

export const FOLLOW_UP_REMINDER = "follow-up-reminder";

const reminderSchema = z.object({
  messageId: z.string(),
  thresholdHours: z.number(),
  leads: z.array(
    z.object({
      /** As stored: "wd-12", "wa-7", or an appointment request's "7". */
      id: z.string(),
      what: z.string(),
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      /** "2026-11-23 14:05", Cape Town time. */
      received: z.string(),
      /** When the 24-hour promise runs out, Cape Town time. */
      answerBy: z.string(),
      /** Queued by earlier versions, which printed it; never shown now (no shell for sales staff). */
      command: z.string().optional(),
      /** Who answers it ("(disabled)" after a disabled account's); null: nobody. Absent before 0019. */
      owner: z.string().nullable().optional(),
    }),
  ),
  /** Leads still new that earlier reminders named already. */
  remindedEarlier: z.number(),
  /** The owner the reminder goes to; absent: the agency's address (MAIL_TO). */
  to: z.string().optional(),
});
export type FollowUpReminder = z.infer<typeof reminderSchema>;

/** The workspace's name for a reminded row: an appointment request's bare number is "ap-7" there. */
const workspaceIdOf = (id: string) => (/^\d+$/.test(id) ? `ap-${id}` : id);

type RemindedLead = FollowUpReminder["leads"][number];

/** "Thandi Nkosi's web app enquiry", else (an id of no known form) the row's own words. */
function leadName(lead: RemindedLead): string {
  const form = formOfInboxId(workspaceIdOf(lead.id));
  return form ? nameLead(lead.name, form) : `${lead.what}: ${lead.name}`;
}

const hours = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} hours`;

function renderReminder(data: FollowUpReminder, ctx: MailContext): SendMailOptions {
  const count = data.leads.length;
  const noun = count === 1 ? "lead is" : "leads are";
  const subject = `Follow up: ${count} ${noun} still new after ${hours(data.thresholdHours)}`;
  const intro =
    `The site promises an answer within 24 hours. ${count === 1 ? "This one has" : "These have"} ` +
    `had none recorded ${hours(data.thresholdHours)} after arriving.`;
  const next = "Next: answer each one, then mark it contacted on its page in the workspace.";
  const siteUrl = ctx.settings.siteUrl.replace(/\/+$/, "");
  const overdueList = `${siteUrl}${overviewLinks.overdue}`;
  const earlier =
    data.remindedEarlier > 0
      ? `${data.remindedEarlier} more still new from earlier reminders. Every lead still new past the threshold is listed in the workspace:`
      : "Every lead still new past the threshold is listed in the workspace:";
  const page = (lead: RemindedLead) => leadPageUrl(siteUrl, workspaceIdOf(lead.id));
  const describe = (lead: RemindedLead) =>
    `${leadName(lead)} (${lead.company ? `${lead.company}, ` : ""}${lead.email})`;
  const ownerLine = (lead: RemindedLead) =>
    lead.owner === undefined ? [] : [`owner: ${lead.owner ?? "nobody yet"}`];
  const text = [
    intro,
    next,
    "",
    ...data.leads.flatMap((lead) => [
      describe(lead),
      `  received ${lead.received}, answer by ${lead.answerBy}`,
      ...ownerLine(lead).map((line) => `  ${line}`),
      `  In the workspace as ${workspaceIdOf(lead.id)}: ${page(lead)}`,
      "",
    ]),
    earlier,
    overdueList,
  ].join("\n");
  const items = data.leads
    .map(
      (lead) =>
        `<li style="margin:0 0 12px">${escapeHtml(describe(lead))}<br>` +
        `received ${escapeHtml(lead.received)}, answer by <strong>${escapeHtml(lead.answerBy)}</strong><br>` +
        ownerLine(lead)
          .map((line) => `${escapeHtml(line)}<br>`)
          .join("") +
        `<a href="${escapeHtml(page(lead))}">Open it in the workspace</a> (${escapeHtml(workspaceIdOf(lead.id))})</li>`,
    )
    .join("");
  const html = htmlDocument(subject, [
    `<p style="${css.paragraph}">${escapeHtml(intro)}</p>`,
    `<p style="${css.paragraph}"><strong>${escapeHtml(next)}</strong></p>`,
    `<ul style="padding-left:20px">${items}</ul>`,
    `<p style="${css.paragraph}">${escapeHtml(earlier)} <a href="${escapeHtml(overdueList)}">${escapeHtml(overdueList)}</a></p>`,
  ]);
  const to = data.to ?? ctx.mail.to;
  return { from: ctx.mail.from, to, subject, messageId: data.messageId, text, html };
}

export function renderFollowUpReminder(data: unknown, ctx: MailContext): SendMailOptions {
  return renderReminder(reminderSchema.parse(data), ctx);
}

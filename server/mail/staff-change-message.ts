import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import { escapeHtml } from "#shared/escape-html.ts";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { css, htmlDocument } from "./layout";
import type { MailContext } from "./mail-context";

/**
 * Tells the admins (or an account's holder) that a sensitive change was made: an admin
 * added, an account disabled or reset, a role changed, the agency inbox or the sender
 * moved (docs/decisions/048-operation-policy.md). It says what, to whom, by whom and when,
 * and links to the workspace's page for it: never a code, token or link that signs in.
 */

export const STAFF_CHANGE_NOTICE = "staff-change-notice";

export const staffChanges = [
  "admin-invited",
  "admin-enabled",
  "role-changed",
  "account-disabled",
  "account-reset",
  "mail-route-changed",
] as const;
export type StaffChange = (typeof staffChanges)[number];

const changeNoticeSchema = z.object({
  messageId: z.string(),
  /** Who the e-mail goes to. */
  to: z.string(),
  change: z.enum(staffChanges),
  /** The account or invitation the change is about; the settings have none. */
  account: z.string().optional(),
  /** For a role: the one it had and the one it has now. */
  from: z.string().optional(),
  role: z.string().optional(),
  /** For the settings: the fields that moved, by their labels, and their new values. */
  moved: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  /** The audit log's name for who made it: an address, or "cli:<user>". */
  by: z.string(),
  /** ISO. */
  at: z.string(),
});
export type StaffChangeNotice = z.infer<typeof changeNoticeSchema>;

const whenFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

function describe(data: StaffChangeNotice, brand: string): { subject: string; what: string; path: string } {
  const account = data.account ?? "";
  switch (data.change) {
    case "admin-invited":
      return {
        subject: `An admin was invited to the ${brand} workspace`,
        what: `${account} was invited to the ${brand} staff workspace as an admin.`,
        path: staffPaths.users,
      };
    case "admin-enabled":
      return {
        subject: `An admin account was enabled in the ${brand} workspace`,
        what: `The admin account ${account} was enabled again in the ${brand} staff workspace.`,
        path: staffPaths.users,
      };
    case "role-changed":
      return data.to === account
        ? {
            subject: `Your role in the ${brand} workspace changed`,
            what: `Your ${brand} staff workspace account (${account}) is now ${data.role ?? ""} (it was ${data.from ?? ""}).`,
            path: staffPaths.account,
          }
        : {
            subject: `${account} is now an admin in the ${brand} workspace`,
            what: `${account} was made an admin of the ${brand} staff workspace (it was ${data.from ?? ""}).`,
            path: staffPaths.users,
          };
    case "account-disabled":
      return {
        subject: `An account was disabled in the ${brand} workspace`,
        what: `The ${brand} staff workspace account ${account} was disabled: it cannot sign in, and its sessions ended.`,
        path: staffPaths.users,
      };
    case "account-reset":
      return {
        subject: `An account was reset in the ${brand} workspace`,
        what: `The ${brand} staff workspace account ${account} was reset: its sign-in methods were removed, its sessions ended, and a new invitation was sent to it.`,
        path: staffPaths.users,
      };
    case "mail-route-changed": {
      const moved = (data.moved ?? []).map((field) => `${field.label}: ${field.value}`).join("; ");
      return {
        subject: `Where the ${brand} website’s e-mails go changed`,
        what: `The site settings of the ${brand} website changed where its e-mails go. Now: ${moved}.`,
        path: staffPaths.settings,
      };
    }
  }
}

function renderNotice(data: StaffChangeNotice, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const { subject, what, path } = describe(data, brand);
  const when = `${whenFormat.format(new Date(data.at))} (Cape Town time)`;
  const link = `${ctx.settings.siteUrl}${path}`;
  const audit = `${ctx.settings.siteUrl}${staffPaths.audit}`;
  const byWhom = `It was done by ${data.by} on ${when}.`;
  const ifNot = "If nobody you know did this, check the audit log and tell the other admins at once:";
  const paragraphs = [what, byWhom, `See it in the workspace:\n${link}`, `${ifNot}\n${audit}`];
  const html = htmlDocument(subject, [
    `<p style="${css.paragraph}">${escapeHtml(what)}</p>`,
    `<p style="${css.paragraph}">${escapeHtml(byWhom)}</p>`,
    `<p style="${css.paragraph}"><a href="${escapeHtml(link)}">See it in the workspace</a></p>`,
    `<p style="${css.paragraph}">If nobody you know did this, check the <a href="${escapeHtml(audit)}">audit log</a> and tell the other admins at once.</p>`,
  ]);
  return {
    from: ctx.mail.from,
    to: data.to,
    subject,
    messageId: data.messageId,
    text: paragraphs.join("\n\n"),
    html,
  };
}

export function renderStaffChangeNotice(data: unknown, ctx: MailContext): SendMailOptions {
  return renderNotice(changeNoticeSchema.parse(data), ctx);
}

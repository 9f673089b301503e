import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { escapeHtml } from "#shared/escape-html.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";
import { css, htmlDocument } from "./layout";

/**
 * A staff invitation (server/auth/accounts.ts): the one-time link that sets up an account's
 * sign-in, valid for 24 hours. The token is in the payload only until the link expires
 * or is used; after that it opens nothing.
 */

export const STAFF_INVITATION = "staff-invitation";

const invitationSchema = z.object({
  messageId: z.string(),
  email: z.string(),
  role: z.string(),
  token: z.string(),
  /** ISO. */
  expiresAt: z.string(),
  /** Set when an admin reset the account: the e-mail says so. */
  reset: z.boolean().optional(),
});
export type StaffInvitationMessage = z.infer<typeof invitationSchema>;

const expiryFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** The token in the fragment: browsers never send it, so no server or proxy log holds it. */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}${staffPaths.invitation}#${encodeURIComponent(token)}`;
}

function renderInvitation(data: StaffInvitationMessage, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const link = invitationLink(ctx.settings.siteUrl, data.token);
  const expires = `${expiryFormat.format(new Date(data.expiresAt))} (Cape Town time)`;
  const subject = data.reset
    ? `Set up your ${brand} workspace sign-in again`
    : `Your invitation to the ${brand} staff workspace`;
  const intro = data.reset
    ? `Your sign-in to the ${brand} staff workspace was reset by an admin. Choose a new password and set up your authenticator app again with this link:`
    : `You are invited to the ${brand} staff workspace as ${data.role}. Choose a password and set up an authenticator app with this link:`;
  const after = `The link works once, until ${expires}. If you did not expect this e-mail, ignore it.`;
  const text = [intro, link, "", after].join("\n");
  const html = htmlDocument(subject, [
    `<p style="${css.paragraph}">${escapeHtml(intro)}</p>`,
    `<p style="${css.paragraph}"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="${css.paragraph}">${escapeHtml(after)}</p>`,
  ]);
  return { from: ctx.mail.from, to: data.email, subject, messageId: data.messageId, text, html };
}

export function renderStaffInvitation(data: unknown, ctx: MailContext): SendMailOptions {
  return renderInvitation(invitationSchema.parse(data), ctx);
}

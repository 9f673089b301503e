import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { escapeHtml } from "#shared/escape-html.ts";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";
import { css, htmlDocument } from "./layout";

/**
 * Tells a member of staff that their sign-in methods changed, or that their account was
 * signed in to from a browser it had not been before (server/auth/account-notices.ts).
 * It carries what happened, when and from where: never a code, secret or link that signs in.
 */

export const STAFF_ACCOUNT_NOTICE = "staff-account-notice";

export const accountChanges = [
  "passkey-added",
  "passkey-removed",
  "recovery-codes-replaced",
  "password-changed",
  "authenticator-replaced",
  "new-browser-sign-in",
] as const;
export type AccountChange = (typeof accountChanges)[number];

const noticeSchema = z.object({
  messageId: z.string(),
  email: z.string(),
  change: z.enum(accountChanges),
  /** A passkey's name, for the passkey notices. */
  passkeyName: z.string().optional(),
  /** ISO. */
  at: z.string(),
  /** "Firefox on Android" (server/auth/browser-name.ts). */
  browser: z.string(),
  ip: z.string(),
});
export type StaffAccountNotice = z.infer<typeof noticeSchema>;

const whenFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

function describeChange(data: StaffAccountNotice, brand: string): { subject: string; what: string } {
  const passkey = data.passkeyName ? ` “${data.passkeyName}”` : "";
  switch (data.change) {
    case "passkey-added":
      return { subject: "A passkey was added to your account", what: `A passkey${passkey} was added to` };
    case "passkey-removed":
      return {
        subject: "A passkey was removed from your account",
        what: `A passkey${passkey} was removed from`,
      };
    case "recovery-codes-replaced":
      return {
        subject: "New recovery codes were made for your account",
        what: "A new set of recovery codes was made (the old ones no longer work) for",
      };
    case "password-changed":
      return { subject: "Your password was changed", what: "The password was changed for" };
    case "authenticator-replaced":
      return {
        subject: "Your authenticator app was replaced",
        what: "A new authenticator app was set up (codes from the old one no longer work) for",
      };
    case "new-browser-sign-in":
      return {
        subject: `New sign-in to the ${brand} workspace`,
        what: "Someone signed in, from a browser not used with it before, to",
      };
  }
}

function renderNotice(data: StaffAccountNotice, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const { subject, what } = describeChange(data, brand);
  const when = `${whenFormat.format(new Date(data.at))} (Cape Town time)`;
  const happened = `${what} your ${brand} staff workspace account (${data.email}) on ${when}, using ${data.browser} from IP address ${data.ip}.`;
  const ifYou = "If this was you, there is nothing to do.";
  const ifNot =
    "If it was not you, tell an admin at once: they can reset your account, which signs it out everywhere and removes its password, authenticator app, passkeys and recovery codes until you set them up again.";
  const paragraphs = [happened, ifYou, ifNot];
  const html = htmlDocument(
    subject,
    paragraphs.map((paragraph) => `<p style="${css.paragraph}">${escapeHtml(paragraph)}</p>`),
  );
  return {
    from: ctx.mail.from,
    to: data.email,
    subject,
    messageId: data.messageId,
    text: paragraphs.join("\n\n"),
    html,
  };
}

export function renderStaffAccountNotice(data: unknown, ctx: MailContext): SendMailOptions {
  return renderNotice(noticeSchema.parse(data), ctx);
}

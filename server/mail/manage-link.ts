import { escapeHtml } from "#shared/escape-html.ts";
import { paths } from "#shared/paths.ts";
import { css } from "./layout";

/**
 * The private link to the visitor's appointment page that their e-mails carry
 * (docs/decisions/062-visitor-manages-booking.md): its token is in the outbox payload only
 * until the e-mail is sent (server/mail/sent-payload.ts), and only its hash in the database.
 */

export function manageLinkOf(siteUrl: string, token: string): string {
  return `${siteUrl}${paths.appointmentManage(token)}`;
}

/** The sentence and the button: the plain-text lines and the HTML paragraph. */
export function manageLinkParts(
  siteUrl: string,
  token: string | undefined,
  sentence = "To move it to another free time or cancel it, use your private link:",
): { text: string[]; html: string[] } {
  if (!token) return { text: [], html: [] };
  const link = manageLinkOf(siteUrl, token);
  return {
    text: ["", sentence, link, "Keep this link to yourself: it changes your appointment without a password."],
    html: [
      `<p style="${css.paragraph}">${escapeHtml(sentence)}</p>`,
      `<p style="${css.paragraph}"><a style="${css.button}" href="${escapeHtml(link)}">Change or cancel your appointment</a></p>`,
      `<p style="${css.paragraph}">Keep this link to yourself: it changes your appointment without a password.</p>`,
    ],
  };
}

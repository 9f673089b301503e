import { escapeHtml } from "#shared/escape-html.ts";
import type { MailContext } from "./mail-context";
import {
  brandHeader,
  contactHtml,
  contactLines,
  css,
  htmlDocument,
  htmlTable,
  type LabelledValue,
} from "./layout";

/**
 * What every e-mail to a visitor shares: the greeting, the footer and the envelope. They go
 * to an address nobody verified, so they hold no text the visitor typed except their own
 * name, and only when it reads like one (docs/decisions/020-lead-follow-up.md).
 */

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

export const greeting = (name: string | null) => (name ? `Hello ${name},` : "Hello,");

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
export function visitorEnvelope(ctx: MailContext, to: string) {
  const inbox = ctx.mail.to.trim();
  const single = /^[^\s,<>"]+@[^\s,<>"]+$/.test(inbox);
  return {
    from: ctx.mail.from,
    to,
    replyTo: single ? { name: ctx.settings.brandName, address: inbox } : inbox,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** Lines of an e-mail in both its parts: the plain text's, and the HTML's. */
export type MessageParts = { text: string[]; html: string[] };

/** A sentence stood out above the table of what it is about (when, where, about what). */
export function summaryWithRows(sentence: string, rows: readonly LabelledValue[]): MessageParts {
  return {
    text: [sentence, "", ...rows.map((row) => `${row.label}: ${row.value}`)],
    html: [`<p style="${css.summary}">${escapeHtml(sentence)}</p>`, htmlTable(rows, "")],
  };
}

/**
 * A letter to a visitor in both parts: the brand and greeting, its body, then the private
 * link (when it has one) and the footer that says why it came, in that order in every
 * visitor's e-mail.
 */
export function visitorLetter(
  ctx: MailContext,
  letter: { subject: string; greetingName: string | null; sentBecause: string },
  body: MessageParts,
  ...after: MessageParts[]
): { text: string; html: string } {
  const { subject, greetingName } = letter;
  const rest = [...after, visitorFooter(ctx, letter.sentBecause)];
  return {
    text: [greeting(greetingName), "", ...body.text, ...rest.flatMap((part) => part.text)].join("\n"),
    html: htmlDocument(subject, [
      brandHeader(ctx.settings.brandName),
      `<p style="${css.paragraph}">${escapeHtml(greeting(greetingName))}</p>`,
      ...body.html,
      ...rest.flatMap((part) => part.html),
    ]),
  };
}

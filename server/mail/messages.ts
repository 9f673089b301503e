import { randomUUID } from "node:crypto";
import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "../config";
import { AGENCY_TIME_ZONE } from "../../shared/forms/appointment";
import { paths } from "../../shared/paths";

/** What the agency is told about; the outbox row's `kind`. */
export const agencyNotificationKinds = {
  "website-design-lead": "New website-design lead",
  "web-app-lead": "New web-app lead",
  "appointment-request": "New appointment request",
} as const;
export type AgencyNotificationKind = keyof typeof agencyNotificationKinds;
export const NEWSLETTER_CONFIRMATION = "newsletter-confirmation";
export type OutboxKind = AgencyNotificationKind | typeof NEWSLETTER_CONFIRMATION;

const agencyNotificationSchema = z.object({
  messageId: z.string(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  submittedAt: z.string(),
  /** Every field of the form, labelled, in the form's order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type AgencyNotification = z.infer<typeof agencyNotificationSchema>;

const newsletterConfirmationSchema = z.object({
  messageId: z.string(),
  email: z.string(),
  confirmToken: z.string(),
  unsubscribeToken: z.string(),
});
export type NewsletterConfirmation = z.infer<typeof newsletterConfirmationSchema>;

type MailContext = Pick<AppConfig, "mail" | "settings">;

/** A Message-ID fixed when the row is queued, so a resent message is recognisably the same one. */
export function newMessageId(siteUrl: string): string {
  return `<${randomUUID()}@${new URL(siteUrl).hostname}>`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function formatSubmittedAt(iso: string): string {
  const local = new Intl.DateTimeFormat("en-ZA", {
    timeZone: AGENCY_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
  return `${local} (Cape Town time)`;
}

function renderAgencyNotification(kind: AgencyNotificationKind, data: AgencyNotification, ctx: MailContext) {
  const title = agencyNotificationKinds[kind];
  const rows = [...data.fields, { label: "Submitted", value: formatSubmittedAt(data.submittedAt) }];
  const text = [
    `${title} from the ${ctx.settings.brandName} website.`,
    "",
    ...rows.map((row) => `${row.label}: ${row.value || "(not given)"}`),
    "",
    `Reply to this e-mail to answer ${data.visitorName} directly.`,
  ].join("\n");
  const htmlRows = rows
    .map(
      (row) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(row.label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${row.value ? escapeHtml(row.value) : "<em>(not given)</em>"}</td></tr>`,
    )
    .join("");
  const html =
    `<p>${escapeHtml(title)} from the ${escapeHtml(ctx.settings.brandName)} website.</p>` +
    `<table cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    `<p>Reply to this e-mail to answer ${escapeHtml(data.visitorName)} directly.</p>`;
  return {
    from: ctx.mail.from,
    to: ctx.mail.to,
    replyTo: { name: data.visitorName, address: data.visitorEmail },
    subject: `${title}: ${data.visitorName}`,
    messageId: data.messageId,
    text,
    html,
  } satisfies SendMailOptions;
}

export function newsletterLinks(
  siteUrl: string,
  data: Pick<NewsletterConfirmation, "confirmToken" | "unsubscribeToken">,
) {
  const link = (pathname: string, token: string) =>
    `${siteUrl}${pathname}?token=${encodeURIComponent(token)}`;
  return {
    confirm: link(paths.newsletterConfirm, data.confirmToken),
    unsubscribePage: link(paths.newsletterUnsubscribe, data.unsubscribeToken),
    /** RFC 8058 one-click target: mail providers POST `List-Unsubscribe=One-Click` here. */
    oneClickUnsubscribe: link("/api/newsletter/unsubscribe", data.unsubscribeToken),
  };
}

function renderNewsletterConfirmation(data: NewsletterConfirmation, ctx: MailContext) {
  const brand = ctx.settings.brandName;
  const links = newsletterLinks(ctx.settings.siteUrl, data);
  const text = [
    `Please confirm that you want to receive the ${brand} newsletter:`,
    links.confirm,
    "",
    "If you did not ask for it, ignore this e-mail and you will not hear from us again.",
    "",
    `Unsubscribe: ${links.unsubscribePage}`,
  ].join("\n");
  const html =
    `<p>Please confirm that you want to receive the ${escapeHtml(brand)} newsletter:</p>` +
    `<p><a href="${escapeHtml(links.confirm)}">Confirm my subscription</a></p>` +
    `<p>If you did not ask for it, ignore this e-mail and you will not hear from us again.</p>` +
    `<p><a href="${escapeHtml(links.unsubscribePage)}">Unsubscribe</a></p>`;
  return {
    from: ctx.mail.from,
    to: data.email,
    subject: `Please confirm your subscription to the ${brand} newsletter`,
    messageId: data.messageId,
    text,
    html,
    list: { unsubscribe: links.oneClickUnsubscribe },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  } satisfies SendMailOptions;
}

/** Turns a stored outbox row into the e-mail to send; throws if the row's data is malformed. */
export function renderOutboxMessage(kind: string, payload: string, ctx: MailContext): SendMailOptions {
  const data: unknown = JSON.parse(payload);
  if (kind === NEWSLETTER_CONFIRMATION)
    return renderNewsletterConfirmation(newsletterConfirmationSchema.parse(data), ctx);
  if (kind in agencyNotificationKinds) {
    return renderAgencyNotification(
      kind as AgencyNotificationKind,
      agencyNotificationSchema.parse(data),
      ctx,
    );
  }
  throw new Error(`unknown outbox kind "${kind}"`);
}

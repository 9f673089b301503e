import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { apiPaths, paths } from "#shared/paths.ts";
import { escapeHtml } from "#shared/escape-html.ts";

/** The double opt-in e-mail a newsletter sign-up gets, with its confirm and unsubscribe links. */

export const NEWSLETTER_CONFIRMATION = "newsletter-confirmation";

export const newsletterConfirmationSchema = z.object({
  messageId: z.string(),
  email: z.string(),
  confirmToken: z.string(),
  unsubscribeToken: z.string(),
});
export type NewsletterConfirmation = z.infer<typeof newsletterConfirmationSchema>;

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
    oneClickUnsubscribe: link(apiPaths.newsletterUnsubscribe, data.unsubscribeToken),
  };
}

export function renderNewsletterConfirmation(data: NewsletterConfirmation, ctx: MailContext) {
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

import { escapeHtml } from "#shared/escape-html.ts";
import { formatPostalAddress, type SiteSettings } from "#shared/site-settings.ts";

/** What every e-mail's HTML shares: inline styles, escaping, the document around a body. */

// Inline styles only: Gmail and Outlook drop <style> blocks or parts of them.
export const css = {
  body: "margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;background:#ffffff",
  summary: "margin:0 0 16px;font-size:17px;font-weight:bold",
  paragraph: "margin:0 0 8px",
  heading: "margin:20px 0 8px;font-size:16px;font-weight:bold",
  /** A link that is the message's first action, big enough to tap. */
  button:
    "display:inline-block;padding:10px 16px;border-radius:6px;background:#b83a1e;color:#ffffff;font-weight:bold;text-decoration:none",
  code: "font-family:Consolas,Menlo,monospace;font-size:14px;background:#f0f0f0;padding:1px 4px",
  label: "padding:4px 16px 4px 0;text-align:left;vertical-align:top;white-space:nowrap;font-weight:bold",
  // Long unbroken text (a URL) wraps instead of widening the message on a phone.
  value: "padding:4px 0;vertical-align:top;word-break:break-word",
  table: "margin:16px 0;border-collapse:collapse",
  footer: "margin:24px 0 0;padding-top:12px;border-top:1px solid #dddddd;font-size:13px;color:#555555",
};

/**
 * The top of a visitor's e-mail: the brand's name over its protea rule (the site's colours,
 * docs/decisions/022-brand-identity.md), as text: mail clients block images by default.
 */
export function brandHeader(brandName: string): string {
  return `<p style="margin:0 0 20px;padding-bottom:10px;border-bottom:3px solid #b83a1e;font-size:20px;font-weight:bold;color:#0e1417">${escapeHtml(brandName)}</p>`;
}

/** Escaped, with line breaks kept: Outlook ignores `white-space: pre-wrap`. */
export const htmlText = (text: string) => escapeHtml(text).replace(/\r?\n/g, "<br>");

export function htmlDocument(title: string, body: string[]): string {
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="${css.body}">`,
    ...body,
    `</body></html>`,
  ].join("\n");
}

export type LabelledValue = { label: string; value: string };

export function htmlTable(rows: readonly LabelledValue[], empty: string): string {
  const cells = rows
    .map(
      (row) =>
        `<tr><th scope="row" style="${css.label}">${escapeHtml(row.label)}</th>` +
        `<td style="${css.value}">${row.value ? htmlText(row.value) : `<em>${escapeHtml(empty)}</em>`}</td></tr>`,
    )
    .join("");
  return `<table cellspacing="0" cellpadding="0" style="${css.table}">${cells}</table>`;
}

/** How a visitor reaches the agency: the site settings' contact details (requirements §1). */
export function contactLines(settings: SiteSettings): string[] {
  return [
    `${settings.email} · ${settings.phoneDisplay}`,
    formatPostalAddress(settings.address),
    settings.siteUrl,
  ];
}

export function contactHtml(settings: SiteSettings): string {
  const email = escapeHtml(settings.email);
  const phone = escapeHtml(settings.phone);
  const site = escapeHtml(settings.siteUrl);
  return (
    `<p style="${css.paragraph}"><a href="mailto:${email}">${email}</a> · ` +
    `<a href="tel:${phone}">${escapeHtml(settings.phoneDisplay)}</a><br>` +
    `${escapeHtml(formatPostalAddress(settings.address))}<br>` +
    `<a href="${site}">${site}</a></p>`
  );
}

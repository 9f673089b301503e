import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import { escapeHtml } from "#shared/escape-html.ts";
import { formatChange } from "#shared/insights.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { css, htmlDocument } from "./layout";
import type { MailContext } from "./mail-context";

/**
 * The weekly e-mail to each admin (server/operations/insights/weekly-report.ts,
 * docs/decisions/059-weekly-report.md): last week's visits and leads against the week
 * before, the three sources and the three campaigns that brought the most leads, and a link
 * to the week in Insights. Text only: no image, so nothing reports that it was opened.
 */

export const WEEKLY_REPORT = "weekly-report";

const figureSchema = z.object({
  /** As the Insights page names it: "Visits", "Leads". */
  label: z.string(),
  value: z.number(),
  previous: z.number(),
  /** In per cent, rounded; null when the week before had none. */
  change: z.number().nullable(),
});

const rankedSchema = z.array(z.object({ name: z.string(), leads: z.number() }));

export const weeklyReportSchema = z.object({
  messageId: z.string(),
  to: z.string(),
  /** The agency's Monday and Sunday, "YYYY-MM-DD". */
  week: z.object({ from: z.string(), to: z.string() }),
  visits: figureSchema,
  leads: figureSchema,
  sources: rankedSchema,
  campaigns: rankedSchema,
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;
/** What the e-mail says, without whom it goes to. */
export type WeeklyReportFigures = Omit<WeeklyReport, "messageId" | "to">;

const dayMonth = new Intl.DateTimeFormat("en-ZA", { timeZone: "UTC", day: "numeric", month: "long" });
const dayMonthYear = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "16 to 22 November 2026", "30 November to 6 December 2026", "29 December 2025 to 4 January 2026". */
export function formatWeek(week: { from: string; to: string }): string {
  const [from, to] = [new Date(`${week.from}T00:00:00Z`), new Date(`${week.to}T00:00:00Z`)];
  const last = dayMonthYear.format(to);
  if (from.getUTCFullYear() !== to.getUTCFullYear()) return `${dayMonthYear.format(from)} to ${last}`;
  if (from.getUTCMonth() !== to.getUTCMonth()) return `${dayMonth.format(from)} to ${last}`;
  return `${from.getUTCDate()} to ${last}`;
}

/** The week in Insights, as an absolute link for an e-mail. */
export function insightsWeekUrl(siteUrl: string, week: { from: string; to: string }): string {
  return `${siteUrl.replace(/\/+$/, "")}${staffPaths.insights}?from=${week.from}&to=${week.to}`;
}

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** "Visits: 120 (the week before: 100, +20 %)"; no change in per cent from a week of none. */
function figureLine(figure: WeeklyReport["visits"]): string {
  const change = figure.change === null ? "" : `, ${formatChange(figure.change, figure.value)}`;
  return `${figure.label}: ${figure.value} (the week before: ${figure.previous}${change})`;
}

function rankedLines(ranked: WeeklyReport["sources"], none: string): string[] {
  if (ranked.length === 0) return [none];
  return ranked.map((row, index) => `${index + 1}. ${row.name}: ${count(row.leads, "lead", "leads")}`);
}

/** The e-mail's words, shared by its text part, its HTML and `site-admin insights report`. */
export function weeklyReportWords(data: WeeklyReportFigures, ctx: MailContext) {
  const brand = ctx.settings.brandName;
  const siteUrl = ctx.settings.siteUrl;
  return {
    subject: `Last week on the ${brand} website: ${count(data.leads.value, "lead", "leads")}, ${count(data.visits.value, "visit", "visits")}`,
    intro: `Monday to Sunday, ${formatWeek(data.week)}, against the week before.`,
    figures: [figureLine(data.visits), figureLine(data.leads)],
    sourcesTitle: "Sources that brought the most leads",
    sources: rankedLines(data.sources, "No leads this week."),
    campaignsTitle: "Campaigns that brought the most leads",
    campaigns: rankedLines(data.campaigns, "No leads from a campaign this week."),
    linkLabel: "See the week in Insights",
    link: insightsWeekUrl(siteUrl, data.week),
    footer:
      `You get this e-mail every Monday as an admin of the ${brand} workspace. ` +
      "To stop it, turn it off on your account page:",
    accountLink: `${siteUrl.replace(/\/+$/, "")}${staffPaths.account}`,
  };
}

/** The plain-text part: what `site-admin insights report` prints as well. */
export function weeklyReportText(data: WeeklyReportFigures, ctx: MailContext): string {
  const words = weeklyReportWords(data, ctx);
  return [
    words.intro,
    "",
    ...words.figures,
    "",
    `${words.sourcesTitle}:`,
    ...words.sources,
    "",
    `${words.campaignsTitle}:`,
    ...words.campaigns,
    "",
    `${words.linkLabel}:`,
    words.link,
    "",
    words.footer,
    words.accountLink,
  ].join("\n");
}

function htmlList(lines: string[], ranked: boolean): string {
  if (!ranked) return `<p style="${css.paragraph}">${escapeHtml(lines[0] ?? "")}</p>`;
  // The numbers are the list's own: each line without its "1. ".
  const items = lines.map((line) => `<li>${escapeHtml(line.replace(/^\d+\. /, ""))}</li>`).join("");
  return `<ol style="margin:0 0 8px;padding-left:24px">${items}</ol>`;
}

function renderWeeklyReport(data: WeeklyReport, ctx: MailContext): SendMailOptions {
  const words = weeklyReportWords(data, ctx);
  const html = htmlDocument(words.subject, [
    `<p style="${css.summary}">${escapeHtml(words.intro)}</p>`,
    ...words.figures.map((line) => `<p style="${css.paragraph}">${escapeHtml(line)}</p>`),
    `<h2 style="${css.heading}">${escapeHtml(words.sourcesTitle)}</h2>`,
    htmlList(words.sources, data.sources.length > 0),
    `<h2 style="${css.heading}">${escapeHtml(words.campaignsTitle)}</h2>`,
    htmlList(words.campaigns, data.campaigns.length > 0),
    `<p style="margin:20px 0"><a href="${escapeHtml(words.link)}" style="${css.button}">${escapeHtml(words.linkLabel)}</a></p>`,
    `<p style="${css.footer}">${escapeHtml(words.footer)} ` +
      `<a href="${escapeHtml(words.accountLink)}">${escapeHtml(words.accountLink)}</a></p>`,
  ]);
  return {
    from: ctx.mail.from,
    to: data.to,
    subject: words.subject,
    messageId: data.messageId,
    text: weeklyReportText(data, ctx),
    html,
  };
}

export function renderWeeklyReportMessage(data: unknown, ctx: MailContext): SendMailOptions {
  return renderWeeklyReport(weeklyReportSchema.parse(data), ctx);
}

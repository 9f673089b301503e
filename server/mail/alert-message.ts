import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { escapeHtml } from "#shared/escape-html.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { css, htmlDocument } from "./layout";

/**
 * The operator's alert that e-mails are dying or stuck (server/alerts/alert-check.ts),
 * to ALERT_EMAIL, once per incident: what is wrong, the queue's figures when it began,
 * and what to do: the workspace's Notifications page shows each e-mail with its tries and
 * last error and sends the dead ones again, so the steps link there rather than name a
 * command; only fixing the mail server itself is left to whoever runs the site.
 */

export const OPERATIONS_ALERT = "operations-alert";

const alertSchema = z.object({
  messageId: z.string(),
  to: z.string(),
  condition: z.enum(["dead-mail", "queue-stalled"]),
  /** When the incident began (ISO). */
  openedAt: z.string(),
  /** The queue when it began, the alerts' own e-mails left out. */
  pending: z.number(),
  dead: z.number(),
  oldestPendingAgeSeconds: z.number().nullable(),
  thresholdMinutes: z.number(),
  /** dead-mail: the newest e-mail that died, and why. */
  newestDead: z.object({ id: z.number(), kind: z.string(), error: z.string().nullable() }).optional(),
});
export type OperationsAlert = z.infer<typeof alertSchema>;

/** "42 minutes", "3.5 hours", "2 days": an age as a person reads it. */
export function describeAge(seconds: number): string {
  const minutes = seconds / 60;
  const round = (value: number) => (value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);
  if (minutes < 1) return `${seconds} seconds`;
  if (minutes < 120) return `${Math.round(minutes)} minutes`;
  if (minutes < 48 * 60) return `${round(minutes / 60)} hours`;
  return `${round(minutes / (24 * 60))} days`;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** One thing to do, and the workspace page where it is done, if it is done there. */
type Step = { action: string; link?: string };
type Content = { subject: string; summary: string; facts: string[]; steps: Step[]; closing: string };

function describeAlert(data: OperationsAlert, brand: string, siteUrl: string): Content {
  const notifications = `${siteUrl.replace(/\/+$/, "")}${staffPaths.notifications}`;
  const waited = data.oldestPendingAgeSeconds;
  const queue =
    `Queue when this began: ${data.pending} pending` +
    (waited !== null ? ` (the oldest waiting ${describeAge(waited)})` : "") +
    `, ${data.dead} dead.`;
  if (data.condition === "dead-mail") {
    const newest = data.newestDead;
    return {
      subject: `${brand} website: e-mails are failing (${data.dead} dead)`,
      summary:
        `E-mails from the ${brand} website are failing: ${plural(data.dead, "e-mail")} could not be sent ` +
        `after every retry and ${data.dead === 1 ? "is" : "are"} marked dead. What they are about (a lead, ` +
        "an appointment request) is stored, but nobody has received them.",
      facts: [
        queue,
        ...(newest
          ? [
              `Newest failure: notification ${newest.id} (${newest.kind}): ${newest.error ?? "no error recorded"}`,
            ]
          : []),
      ],
      steps: [
        { action: "See which ones, and why, on the workspace's Notifications page", link: notifications },
        {
          action:
            "Fix the cause (SMTP_URL, the mail server, a rejected address), then send them again there with Retry all dead",
        },
      ],
      closing:
        "This alert is sent once per incident: further failures do not send another until e-mails go out again.",
    };
  }
  return {
    subject: `${brand} website: e-mails are stuck (oldest waiting ${describeAge(waited ?? 0)})`,
    summary:
      `E-mails from the ${brand} website are not going out: the oldest pending e-mail has waited ` +
      `${describeAge(waited ?? 0)}, longer than the alert's ${data.thresholdMinutes} minutes.`,
    facts: [queue],
    steps: [
      {
        action: "See what waits, with its tries and last error, on the workspace's Notifications page",
        link: notifications,
      },
      { action: "Check the mail server (SMTP_URL) and that the site runs (/readyz shows the mail queue)" },
      {
        action:
          "Once the cause is fixed they go out by themselves; send any that died meanwhile again there with Retry all dead",
      },
    ],
    closing: "This alert is sent once per incident: another comes only after the queue has drained.",
  };
}

export function renderOperationsAlert(payload: unknown, ctx: MailContext): SendMailOptions {
  const data = alertSchema.parse(payload);
  const content = describeAlert(data, ctx.settings.brandName, ctx.settings.siteUrl);
  const text = [
    content.summary,
    "",
    ...content.facts,
    "",
    "What to do:",
    ...content.steps.map(
      (step, index) => `${index + 1}. ${step.action}${step.link ? `: ${step.link}` : "."}`,
    ),
    "",
    content.closing,
  ].join("\n");
  const stepHtml = (step: Step) =>
    escapeHtml(step.action) +
    (step.link ? `: <a href="${escapeHtml(step.link)}">${escapeHtml(step.link)}</a>` : ".");
  const html = htmlDocument(content.subject, [
    `<p style="${css.summary}">${escapeHtml(content.summary)}</p>`,
    ...content.facts.map((fact) => `<p style="${css.paragraph}">${escapeHtml(fact)}</p>`),
    `<p style="${css.heading}">What to do</p>`,
    `<ol>${content.steps.map((step) => `<li style="margin:0 0 8px">${stepHtml(step)}</li>`).join("")}</ol>`,
    `<p style="${css.footer}">${escapeHtml(content.closing)}</p>`,
  ]);
  return {
    from: ctx.mail.from,
    to: data.to,
    subject: content.subject,
    messageId: data.messageId,
    text,
    html,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

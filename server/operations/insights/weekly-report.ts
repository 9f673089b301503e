import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { Actor } from "#server/operations/context.ts";
import {
  claimWeeklyReportRecipients,
  selectWeeklyReportChoice,
  selectWeeklyReportRecipients,
  setWeeklyReportChoice,
} from "#server/db/weekly-report.ts";
import { createLeasedJob, type LeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import {
  WEEKLY_REPORT,
  type WeeklyReport,
  type WeeklyReportFigures,
} from "#server/mail/weekly-report-message.ts";
import { addDays, agencyDate, agencyMidnight, mondayOf } from "#server/operations/agency-time.ts";
import { failed, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { OTHER_LABEL, type Insights } from "#shared/insights.ts";
import { countLeadSources } from "#server/db/lead-sources.ts";
import { boundsOf, loadInsights } from "./insights";
import { DIRECT, campaignLabel, sourceName } from "./source-names";

/**
 * The weekly e-mail (docs/decisions/059-weekly-report.md): from Monday 07:00 agency time,
 * each active admin who has not turned it off gets last week, Monday to Sunday, in one
 * short e-mail: visits and leads against the week before, the three sources and the three
 * campaigns with the most leads, and a link to the week in Insights. Every instance checks
 * on a timer and one at a time does (a lease); marking the week on each account in the
 * transaction that queues its e-mail makes it one per admin per week, whoever sends. A
 * week nobody sent on Monday goes out late, at the first check that week; never after it.
 * `site-admin insights report` prints it, and with --send sends it at once.
 */

export const WEEKLY_REPORT_LEASE = "weekly-report";
/** The hour of the agency's Monday from which last week's e-mail is due. */
export const WEEKLY_REPORT_HOUR = 7;
/** How often an instance looks whether the e-mail is due: it goes out this long after 07:00 at most (and a beat). */
export const WEEKLY_REPORT_CHECK_MS = 10 * 60_000;

const HOUR_MS = 3_600_000;

/** The week an e-mail sent at `now` reports: the agency's last full week, and when its e-mail is due. */
export function reportWeekAt(now: Date): { from: string; to: string; dueAt: Date } {
  const monday = mondayOf(agencyDate(now));
  // Johannesburg keeps one offset all year, so midnight plus seven hours is 07:00.
  const midnight = agencyMidnight(monday)?.getTime() ?? now.getTime();
  return {
    from: addDays(monday, -7),
    to: addDays(monday, -1),
    dueAt: new Date(midnight + WEEKLY_REPORT_HOUR * HOUR_MS),
  };
}

/** Direct visits and leads, as a person says it ("(direct)" on the dashboard). */
const sayDirect = (label: string) => (label === DIRECT ? "Direct (no referring site)" : label);

function totalOf(insights: Insights, labels: string[]) {
  const total = insights.totals.find((candidate) => labels.includes(candidate.label));
  if (!total) throw new Error(`the insights have no total named ${labels.join(" or ")}`);
  return { label: total.label, value: total.value, previous: total.previous, change: total.change };
}

/** A leads table's top three by leads, without the row that sums the rest. */
type Ranked = { name: string; leads: number };

/** The three names with the most leads, most first; ties by name, so the e-mail is stable. */
function topThree(leadsByName: Map<string, number>): Ranked[] {
  return [...leadsByName]
    .filter(([name, leads]) => name !== OTHER_LABEL && leads > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 3)
    .map(([name, leads]) => ({ name, leads }));
}

/**
 * Every lead of the week by its source's one name and by campaign, whether or not its
 * visit was counted: the dashboard keeps uncounted leads out of each source's rate, but
 * "which source brought leads" counts them all.
 */
async function leadsBySourceAndCampaign(db: Db, week: { from: string; to: string }) {
  const sources = new Map<string, number>();
  const campaigns = new Map<string, number>();
  for (const row of await countLeadSources(db, boundsOf(week).iso)) {
    const source = sourceName(row);
    sources.set(source, (sources.get(source) ?? 0) + row.leads);
    if (!row.utmCampaign) continue;
    const campaign = campaignLabel(source, row.utmCampaign);
    campaigns.set(campaign, (campaigns.get(campaign) ?? 0) + row.leads);
  }
  return { sources, campaigns };
}

export async function weeklyReportFigures(
  db: Db,
  week: { from: string; to: string },
  now: Date,
): Promise<WeeklyReportFigures> {
  const loaded = await loadInsights(db, { from: week.from, to: week.to }, now);
  // The week is two days this module made: a refusal is a bug, not the caller's input.
  if (!loaded.ok) throw new Error(`the week's insights were refused: ${loaded.message}`);
  const insights = loaded.value;
  const ranked = await leadsBySourceAndCampaign(db, week);
  return {
    week: { from: week.from, to: week.to },
    visits: totalOf(insights, ["Visitors", "Visits"]),
    leads: totalOf(insights, ["Leads"]),
    sources: topThree(ranked.sources).map((row) => ({ ...row, name: sayDirect(row.name) })),
    campaigns: topThree(ranked.campaigns),
  };
}

export type WeeklyReportRun = {
  week: { from: string; to: string };
  /** Whom an e-mail was queued for, by address. */
  sentTo: string[];
};

type ReportConfig = Pick<AppConfig, "settings">;

/**
 * Queues last week's e-mail for each admin who wants it. `due` (the schedule): only from
 * Monday 07:00, and only to those not yet sent this week's. `now` (by hand): at once, to
 * every one, and the week counts as sent to them.
 */
export async function sendWeeklyReports(
  db: Db,
  config: ReportConfig,
  now: Date,
  mode: "due" | "now",
  /** Who sent it by hand (the CLI), audited with the queued e-mails; the schedule is not. */
  actor?: Actor,
): Promise<WeeklyReportRun> {
  const { dueAt, ...week } = reportWeekAt(now);
  const none = { week, sentTo: [] };
  if (mode === "due") {
    if (now < dueAt) return none;
    // Looked at first, so the checks of the rest of the week cost one small query.
    if ((await selectWeeklyReportRecipients(db, week.from)).length === 0) return none;
  }
  const figures = await weeklyReportFigures(db, week, now);
  const sentTo = await db.transaction().execute(async (trx) => {
    const recipients = await claimWeeklyReportRecipients(trx, week.from, { again: mode === "now" });
    for (const to of recipients) {
      const payload: WeeklyReport = { ...figures, messageId: newMessageId(config.settings.siteUrl), to };
      await enqueueOutboxMessage(trx, { kind: WEEKLY_REPORT, payload, now });
    }
    if (actor && recipients.length > 0) {
      const detail = { week: week.from, admins: recipients.length };
      await recordAudit(trx, { ...actor, action: "insights.weekly-report-send", detail }, now);
    }
    return recipients;
  });
  return { week, sentTo };
}

export function createWeeklyReportJob(deps: {
  db: Db;
  config: ReportConfig;
  logger: Logger;
  /** Called after e-mails were queued (wakes the outbox worker). */
  onQueued?: () => void;
  now: () => Date;
  identity?: LeaseOwner;
}): LeasedJob<WeeklyReportRun> {
  const { db, config, logger } = deps;
  return createLeasedJob({
    db,
    name: WEEKLY_REPORT_LEASE,
    everyMs: WEEKLY_REPORT_CHECK_MS,
    logger,
    failure: "weekly report failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const run = await sendWeeklyReports(db, config, at, "due");
      if (run.sentTo.length > 0) {
        // How many, never to whom: the log is not a list of the staff's addresses.
        logger.info({ week: run.week.from, admins: run.sentTo.length }, "weekly report queued");
        deps.onQueued?.();
      }
      return run;
    },
  });
}

export const weeklyReportMessages = {
  adminsOnly: "The weekly e-mail goes to admins only.",
  yesOrNo: "Say whether you want the weekly e-mail: on or off.",
} as const;

/** Whether a member of staff gets the weekly e-mail, and whether they could (admins only). */
export type WeeklyReportChoice = { offered: boolean; on: boolean };

export async function loadWeeklyReportChoice(
  db: Db,
  staff: { userId: number; role: StaffRole },
): Promise<Outcome<WeeklyReportChoice>> {
  const on = await selectWeeklyReportChoice(db, staff.userId);
  if (on === undefined) return failed("not-found", "There is no such account.");
  return succeeded({ offered: staff.role === "admin", on: staff.role === "admin" && on });
}

/** Turns the weekly e-mail on or off for the member of staff's own account. */
export async function chooseWeeklyReport(
  db: Db,
  staff: { userId: number; role: StaffRole },
  on: unknown,
): Promise<Outcome<WeeklyReportChoice>> {
  if (staff.role !== "admin") return failed("forbidden", weeklyReportMessages.adminsOnly);
  if (typeof on !== "boolean")
    return refuse(weeklyReportMessages.yesOrNo, { on: weeklyReportMessages.yesOrNo });
  await setWeeklyReportChoice(db, staff.userId, on);
  return succeeded({ offered: true, on });
}

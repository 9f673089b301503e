import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { leadTables } from "#server/db/lead-follow-up.ts";
import {
  countConfirmedMeetings,
  countContentByStatus,
  countLeadTable,
  countPageCopyDrafts,
  countPageSnippets,
  countPendingInvitations,
  countWaitingOutbox,
  type LeadCountBounds,
} from "#server/db/overview-counts.ts";
import { contentKinds } from "#shared/content-fields.ts";
import { copyPageNames } from "#shared/copy/copy-pages.ts";
import { snippetPages } from "#shared/snippet-pages.ts";
import type { ContentOverview, LeadsOverview, StaffOverview, UsersOverview } from "#shared/staff-overview.ts";
import { mayUse, type StaffRole } from "#shared/staff-roles.ts";
import { addDays, agencyDate, agencyMidnight, mondayOf } from "#server/operations/agency-time.ts";
import { overdueCutoff } from "#server/operations/leads/follow-up-reminder.ts";
import { formOfTable } from "#server/operations/leads/inbox.ts";

/**
 * The workspace's overview: for each area a role gives, what needs doing now, counted
 * (docs/decisions/035-overview-counts.md). Days and weeks are the agency's, in Cape Town:
 * a week starts on Monday at midnight there.
 */

/**
 * The meetings count looks ahead this far from now, not to Sunday: on a Saturday "this
 * week" would be one day long (docs/decisions/072-plain-words-for-staff.md).
 */
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60_000;

/** Midnight in Cape Town at the start of `date` as an ISO instant (the day is one this code made). */
function startOf(date: string): string {
  const midnight = agencyMidnight(date);
  if (!midnight) throw new Error(`not a day: ${date}`);
  return midnight.toISOString();
}

async function leadsOverview(db: Db, config: Pick<AppConfig, "followUp">, now: Date): Promise<LeadsOverview> {
  const today = agencyDate(now);
  const monday = mondayOf(today);
  const lastMonday = addDays(monday, -7);
  const bounds: LeadCountBounds = {
    overdueCutoff: overdueCutoff(config, now),
    lastWeekStart: startOf(lastMonday),
    weekStart: startOf(monday),
    nextWeekStart: startOf(addDays(monday, 7)),
  };
  const [tables, waitingEmails, meetingsToday, meetingsNextSevenDays] = await Promise.all([
    Promise.all(
      leadTables.map(async (table) => ({ table, counts: await countLeadTable(db, table, bounds) })),
    ),
    countWaitingOutbox(db),
    countConfirmedMeetings(db, startOf(today), startOf(addDays(today, 1))),
    countConfirmedMeetings(db, now.toISOString(), new Date(now.getTime() + SEVEN_DAYS_MS).toISOString()),
  ]);
  const total = (pick: (counts: (typeof tables)[number]["counts"]) => number) =>
    tables.reduce((sum, { counts }) => sum + pick(counts), 0);
  return {
    newLeads: total((counts) => counts.newLeads),
    unread: total((counts) => counts.unread),
    overdue: total((counts) => counts.overdue),
    overdueAfterHours: config.followUp.reminderAfterMs / 3_600_000,
    waitingEmails,
    meetingsToday,
    meetingsNextSevenDays,
    week: { start: monday, lastWeekStart: lastMonday, lastWeekEnd: addDays(monday, -1) },
    byForm: tables.map(({ table, counts }) => ({
      form: formOfTable[table],
      thisWeek: counts.thisWeek,
      lastWeek: counts.lastWeek,
    })),
  };
}

async function contentOverview(db: Db): Promise<ContentOverview> {
  const [rows, pageDrafts, ownSnippets] = await Promise.all([
    countContentByStatus(db),
    countPageCopyDrafts(db),
    countPageSnippets(db),
  ]);
  const counted = (kind: string, status: string) =>
    rows.find((row) => row.kind === kind && row.status === status)?.count ?? 0;
  return {
    kinds: contentKinds.map((kind) => ({
      kind,
      drafts: counted(kind, "draft"),
      published: counted(kind, "published"),
    })),
    pages: { drafts: pageDrafts, total: copyPageNames.length },
    snippets: { own: ownSnippets, total: Object.keys(snippetPages).length },
  };
}

async function usersOverview(db: Db, now: Date): Promise<UsersOverview> {
  return { pendingInvitations: await countPendingInvitations(db, now) };
}

/** The overview for a member of this role: only the areas the role may use. */
export async function loadOverview(
  db: Db,
  config: Pick<AppConfig, "followUp">,
  role: StaffRole,
  now: Date,
): Promise<StaffOverview> {
  const [leads, content, users] = await Promise.all([
    mayUse(role, "leads") ? leadsOverview(db, config, now) : undefined,
    mayUse(role, "content") ? contentOverview(db) : undefined,
    mayUse(role, "users") ? usersOverview(db, now) : undefined,
  ]);
  return { ...(leads && { leads }), ...(content && { content }), ...(users && { users }) };
}

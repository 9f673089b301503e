import {
  calendarFeedUrl,
  createCalendarFeedToken,
  hashCalendarFeedToken,
  isCalendarFeedTokenShaped,
} from "#server/auth/calendar-feed-tokens.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import { isStaffRole, mayUse } from "#server/auth/staff.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import {
  deleteCalendarFeed,
  findCalendarFeed,
  findCalendarFeedByHash,
  listFeedMeetings,
  saveCalendarFeed,
  type CalendarFeedScope,
} from "#server/db/calendar-feeds.ts";
import type { Db } from "#server/db/database.ts";
import { selectStaffNames } from "#server/db/lead-owners.ts";
import { selectStaffAccount } from "#server/db/staff-accounts.ts";
import { appointmentUid } from "#server/mail/meeting-invite.ts";
import { renderCalendarFeed, type FeedEvent } from "#server/mail/calendar-feed.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, notFound, refuse, refusedByPolicy, succeeded, type Outcome } from "#shared/outcome.ts";
import type { CalendarFeedView, MadeCalendarFeed } from "#shared/calendar-feed.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import { leadPageUrl } from "#shared/staff-paths.ts";
import { appointmentInboxId } from "./appointment-records";

/**
 * Staff calendar feeds (docs/decisions/063-staff-calendar-feeds.md), for the workspace's
 * account page and `site-admin meetings feed` alike: made (or replaced) and revoked with
 * an audit entry in the same transaction, never with the token in it; and the feed itself,
 * answered by its token's hash.
 */

/** How far back a feed reaches: last month's meetings stay in the calendar for reference. */
const FEED_PAST_DAYS = 60;
/** More than a sales desk books in months; past it the soonest are kept. */
const FEED_MAX_MEETINGS = 1000;

export type FeedContext = Pick<OperationContext, "db" | "actor" | "now"> & {
  config: { settings: { siteUrl: string } };
};

/** Whose feed: an account by id (the workspace's own) or by address (the CLI). */
export type FeedAccount = { id: number } | { email: string };

type Account = { id: number; email: string; role: string; disabled: boolean };

async function accountOf(db: Db, who: FeedAccount): Promise<Outcome<Account>> {
  const row = await selectStaffAccount(db, "email" in who ? { email: who.email.trim().toLowerCase() } : who);
  if (!row) return notFound("email" in who ? `no staff account ${who.email}` : "no such account");
  return succeeded({ id: row.id, email: row.email, role: row.role, disabled: row.disabled_at !== null });
}

/** Only accounts that work appointments have meetings to follow; only admins every meeting. */
function scopeRefusal(account: Account, scope: CalendarFeedScope) {
  if (account.disabled)
    return failed("conflict", `the account ${account.email} is disabled: enable it first`);
  if (!isStaffRole(account.role) || !mayUse(account.role, "leads")) {
    return failed(
      "conflict",
      `the account ${account.email} works on content, not meetings, so has no calendar feed`,
    );
  }
  if (scope === "all" && account.role !== "admin") {
    return refuse("Only admins can have a feed of every meeting.", {
      scope: "Only admins can have a feed of every meeting.",
    });
  }
  return undefined;
}

export async function showCalendarFeed(db: Db, who: FeedAccount): Promise<Outcome<CalendarFeedView | null>> {
  const account = await accountOf(db, who);
  if (!account.ok) return account;
  const feed = await findCalendarFeed(db, account.value.id);
  return succeeded(feed ? { scope: feed.scope, createdAt: feed.createdAt } : null);
}

/**
 * Makes the account's feed, or replaces it with a new address (the old one stops at
 * once). Answers the address: the only time anyone sees it.
 */
export async function makeCalendarFeed(
  ctx: FeedContext,
  who: FeedAccount,
  scope: CalendarFeedScope,
): Promise<Outcome<MadeCalendarFeed>> {
  const now = ctx.now();
  const policy = checkPolicy("calendar-feed.make", ctx.actor, now);
  if (policy) return refusedByPolicy(policy);
  const account = await accountOf(ctx.db, who);
  if (!account.ok) return account;
  const refusal = scopeRefusal(account.value, scope);
  if (refusal) return refusal;
  const token = createCalendarFeedToken();
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    const before = await findCalendarFeed(trx, account.value.id);
    await saveCalendarFeed(
      trx,
      {
        staffUserId: account.value.id,
        tokenHash: hashCalendarFeedToken(token),
        scope,
        createdBy: ctx.actor.actor,
      },
      now,
    );
    await recordAudit(
      trx,
      {
        ...ctx.actor,
        action: "calendar-feed.make",
        target: account.value.email,
        detail: { scope, replaced: before !== undefined },
      },
      now,
    );
    return before !== undefined;
  });
  return succeeded({
    url: calendarFeedUrl(ctx.config.settings.siteUrl, token),
    scope,
    createdAt: now.toISOString(),
    replaced,
  });
}

/** Revokes the account's feed: from the next request its address answers 404. */
export async function revokeCalendarFeed(
  ctx: FeedContext,
  who: FeedAccount,
): Promise<Outcome<{ email: string }>> {
  const now = ctx.now();
  const policy = checkPolicy("calendar-feed.revoke", ctx.actor, now);
  if (policy) return refusedByPolicy(policy);
  const account = await accountOf(ctx.db, who);
  if (!account.ok) return account;
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteCalendarFeed(trx, account.value.id))) return false;
    await recordAudit(
      trx,
      { ...ctx.actor, action: "calendar-feed.revoke", target: account.value.email },
      now,
    );
    return true;
  });
  if (!revoked) return failed("conflict", `there is no calendar feed of ${account.value.email} to revoke`);
  return succeeded({ email: account.value.email });
}

/**
 * The feed a token opens, as iCalendar text; undefined for a token that opens none
 * (malformed, unknown, revoked, or its account disabled or no longer working meetings),
 * which the door answers alike. Reads only. An "all" feed whose account is no longer an
 * admin lists only that account's own meetings.
 */
export async function readCalendarFeed(
  db: Db,
  site: { siteUrl: string; brandName: string },
  token: string,
  now: Date,
): Promise<string | undefined> {
  if (!isCalendarFeedTokenShaped(token)) return undefined;
  const feed = await findCalendarFeedByHash(db, hashCalendarFeedToken(token));
  if (!feed || feed.disabled || !isStaffRole(feed.role) || !mayUse(feed.role, "leads")) return undefined;
  const all = feed.scope === "all" && feed.role === "admin";
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString();
  const [rows, staff] = await Promise.all([
    listFeedMeetings(db, { from, ownerId: all ? undefined : feed.staffUserId, limit: FEED_MAX_MEETINGS }),
    selectStaffNames(db),
  ]);
  const events: FeedEvent[] = rows.map((row) => {
    const service = answerLabel(serviceTypeOptions, row.service_type) ?? row.service_type;
    const taker = row.owner_id === null ? undefined : staff.get(row.owner_id)?.email;
    const takenBy = taker ? `Taken by ${taker}.` : "Nobody takes it yet.";
    const page = leadPageUrl(site.siteUrl, appointmentInboxId(row.id));
    return {
      uid: appointmentUid(row.id, site.siteUrl),
      sequence: row.calendar_sequence,
      start: row.scheduled_start ?? "",
      minutes: row.scheduled_minutes ?? 0,
      summary: `Consultation with ${row.name}${row.company ? ` (${row.company})` : ""}: ${service}`,
      description: `${service}. ${takenBy}\nThe request in the workspace: ${page}`,
      url: page,
    };
  });
  const name = all ? `${site.brandName} meetings` : `${site.brandName} meetings: ${feed.email}`;
  return renderCalendarFeed({ name, company: site.brandName, events }, now);
}

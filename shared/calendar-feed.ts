/**
 * A member of staff's calendar feed as the workspace shows it
 * (docs/decisions/063-staff-calendar-feeds.md). Its address is shown once, when it is
 * made: only its token's hash is kept.
 */

/** "own": the meetings they take; "all": every meeting (admins only). */
export const calendarFeedScopes = ["own", "all"] as const;
export type CalendarFeedScopeName = (typeof calendarFeedScopes)[number];

/** A feed that exists. */
export type CalendarFeedView = {
  scope: CalendarFeedScopeName;
  /** ISO time it was made (or last replaced). */
  createdAt: string;
};

/** POST /admin/api/account/calendar-feed: the new address, the only time it is shown. */
export type MadeCalendarFeed = CalendarFeedView & { url: string; replaced: boolean };

/**
 * GET /admin/api/account/calendar-feed: whether the account's role works meetings (and so
 * may have a feed), and the feed, or null when there is none.
 */
export type CalendarFeedState = { available: boolean; feed: CalendarFeedView | null };

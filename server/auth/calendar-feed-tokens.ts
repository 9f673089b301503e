import { createHash, randomBytes } from "node:crypto";

/**
 * Staff calendar feeds' tokens (docs/decisions/063-staff-calendar-feeds.md): 32 random
 * bytes (256 bits) in lower-case hex, so the feed's address is already in the one case
 * every path of the site has and is never redirected. The database keeps only the
 * SHA-256, so a copy of it subscribes nobody.
 */

/** The path a feed answers on; the token and ".ics" follow. */
export const CALENDAR_FEED_PATH = "/calendar";

const SHAPE = /^[0-9a-f]{64}$/;

export function createCalendarFeedToken(): string {
  return randomBytes(32).toString("hex");
}

/** Whether `token` could be one: anything else is answered 404 without asking the database. */
export function isCalendarFeedTokenShaped(token: string): boolean {
  return SHAPE.test(token);
}

/** What the database keeps of a token: a plain SHA-256 suffices, the token being 256 random bits. */
export function hashCalendarFeedToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The address a calendar app subscribes to. */
export function calendarFeedUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${CALENDAR_FEED_PATH}/${token}.ics`;
}

import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";

/**
 * A member of staff's calendar feed as one RFC 5545 calendar, made with ical-generator as
 * the invitations are (server/mail/meeting-invite.ts): the same UID per appointment, so a
 * calendar that has both the feed and an invitation knows them for one meeting, and the
 * same SEQUENCE. Times carry TZID=Africa/Johannesburg with its VTIMEZONE.
 */

/** How often a calendar app is asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export type FeedEvent = {
  uid: string;
  sequence: number;
  /** ISO instant of the start. */
  start: string;
  minutes: number;
  summary: string;
  description: string;
  /** The request's page in the workspace. */
  url: string;
};

export function renderCalendarFeed(
  feed: { name: string; company: string; events: FeedEvent[] },
  now: Date,
): string {
  const calendar = ical({
    prodId: { company: feed.company, product: "website", language: "EN" },
    name: feed.name,
    ttl: FEED_REFRESH_SECONDS,
  });
  // No calendar-wide zone (name null): DTSTAMP stays UTC, and the generator still writes
  // the VTIMEZONE of the events' own zone.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const stamp = DateTime.fromJSDate(now, { zone: "utc" });
  for (const event of feed.events) {
    const start = DateTime.fromISO(event.start, { zone: AGENCY_TIME_ZONE });
    // A start that does not parse is left out rather than failing everyone's feed.
    if (!start.isValid) continue;
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp,
      start,
      end: start.plus({ minutes: event.minutes }),
      timezone: AGENCY_TIME_ZONE,
      status: ICalEventStatus.CONFIRMED,
      summary: event.summary,
      description: event.description,
      url: event.url,
    });
  }
  return calendar.toString();
}

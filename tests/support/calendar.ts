import ICAL from "ical.js";
import { expect } from "vitest";

/**
 * Reads an .ics with ical.js, an RFC 5545 parser independent of the library that wrote
 * it, and answers what the tests check: the method, and the one event with its times as
 * instants (resolved through the file's own VTIMEZONE).
 */
export type ParsedEvent = {
  method: string | null;
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  start: Date;
  end: Date;
  /** The TZID the start is written in. */
  startZone: string | null;
  organizer: string;
  attendees: string[];
  stampIsUtc: boolean;
  /** LOCATION, or null when the event has none. */
  location: string | null;
};

export function parseCalendar(text: string): ParsedEvent {
  // RFC 5545 §3.1: lines end in CRLF.
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  const stamp = vevent.getFirstProperty("dtstamp")?.getFirstValue();
  const startProperty = vevent.getFirstProperty("dtstart");
  const method = calendar.getFirstPropertyValue("method");
  return {
    method: typeof method === "string" ? method : null,
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue("status")),
    summary: event.summary,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startZone: (startProperty?.getParameter("tzid") as string | undefined) ?? null,
    organizer: String(vevent.getFirstPropertyValue("organizer")),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue())),
    stampIsUtc: stamp instanceof ICAL.Time && stamp.zone === ICAL.Timezone.utcTimezone,
    location: event.location || null,
  };
}

/** A Cape Town wall-clock time ("2026-12-03T10:00:00") as an instant: UTC+2 all year. */
export const cape = (iso: string) => new Date(`${iso}+02:00`);

/**
 * A confirmed meeting's invitation to the visitor, from `start` to `end` in Cape Town, and
 * the agency's copy of it: the same event at the same step, published to its own calendar.
 */
export function expectConfirmedMeeting(
  invitation: ParsedEvent,
  agencyCopy: string,
  times: { start: string; end: string },
): void {
  expect(invitation.start).toEqual(cape(times.start));
  expect(invitation.end).toEqual(cape(times.end));
  expect(parseCalendar(agencyCopy)).toMatchObject({
    method: "PUBLISH",
    uid: invitation.uid,
    sequence: invitation.sequence,
    status: invitation.status,
  });
}

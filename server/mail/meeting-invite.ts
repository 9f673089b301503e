import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { DateTime } from "luxon";
import { z } from "zod";
import { AGENCY_TIME_ZONE } from "#shared/forms/appointment.ts";

/**
 * An appointment as an RFC 5545 calendar object, made with ical-generator
 * (docs/decisions/020-lead-follow-up.md). Times carry TZID=Africa/Johannesburg with its
 * VTIMEZONE, so a calendar shows the agency's wall time wherever it is; DTSTAMP is UTC.
 * The text is made when the e-mail is queued and stored in its outbox row: a resend
 * sends the very same invitation, and a later code change never alters one in flight.
 */

export const calendarMethods = ["PUBLISH", "REQUEST", "CANCEL"] as const;
export type CalendarMethod = (typeof calendarMethods)[number];

const eventStatus = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

export type AppointmentEvent = {
  /** The same for every version of one appointment; SEQUENCE tells them apart. */
  uid: string;
  sequence: number;
  method: CalendarMethod;
  status: keyof typeof eventStatus;
  /** ISO instant of the start. */
  start: string;
  minutes: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  /** LOCATION: the studio's address or the video call's link. */
  location?: string;
  /** The visitor, invited with RSVP (REQUEST and CANCEL); none on the agency's own copy. */
  attendee?: { name: string; email: string };
  /** When this version was made (DTSTAMP), fixed at queueing. */
  stamp: string;
};

/** The stored form of a calendar object beside an e-mail (see nodemailer's `icalEvent`). */
export const storedCalendarSchema = z.object({
  method: z.enum(calendarMethods),
  filename: z.string(),
  content: z.string(),
});
export type StoredCalendar = z.infer<typeof storedCalendarSchema>;

export function appointmentUid(appointmentId: number, siteUrl: string): string {
  return `appointment-${appointmentId}@${new URL(siteUrl).hostname}`;
}

export function renderAppointmentEvent(event: AppointmentEvent, prodIdCompany: string): StoredCalendar {
  const calendar = ical({
    prodId: { company: prodIdCompany, product: "website", language: "EN" },
    method: ICalCalendarMethod[event.method],
  });
  // No calendar-wide zone (name null): DTSTAMP stays UTC, as RFC 5545 requires, and the
  // generator still writes the VTIMEZONE of the event's own zone.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const start = DateTime.fromISO(event.start, { zone: AGENCY_TIME_ZONE });
  if (!start.isValid) throw new Error(`invalid appointment start "${event.start}"`);
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: DateTime.fromISO(event.stamp, { zone: "utc" }),
    start,
    end: start.plus({ minutes: event.minutes }),
    timezone: AGENCY_TIME_ZONE,
    status: eventStatus[event.status],
    summary: event.summary,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    organizer: event.organizer,
    attendees: event.attendee
      ? [
          {
            ...event.attendee,
            rsvp: true,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.NEEDSACTION,
          },
        ]
      : [],
  });
  return { method: event.method, filename: `appointment.ics`, content: calendar.toString() };
}

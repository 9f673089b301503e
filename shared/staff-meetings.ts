/**
 * The workspace's meetings: the appointments staff confirmed, by Cape Town day, and the
 * lengths its forms offer. Shared by the API (server/workspace/meeting-routes.ts) and the
 * pages that show them.
 */

import type { StaffRef } from "./inbox";

/** The lengths, in minutes, a meeting can be booked for from the workspace. */
export const meetingLengths = [15, 30, 45, 60, 90, 120] as const;

/** "45 min", "1 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** One confirmed meeting as the Meetings page lists it. */
export type MeetingItem = {
  /** The request's inbox id ("ap-3"), which its page is named by. */
  id: string;
  /** The start, as an ISO instant. */
  start: string;
  minutes: number;
  /** "10:00 to 10:45" in Cape Town time (the end's day too if it falls on another). */
  time: string;
  name: string;
  company: string | null;
  /** The service's label as the booking form offers it. */
  service: string;
  /** Who takes it: the request's owner; null while nobody is assigned. */
  taker: StaffRef | null;
};

/** The meetings of one Cape Town day. */
export type MeetingDay = {
  /** "2026-12-03". */
  date: string;
  /** "Thu, 3 Dec 2026". */
  label: string;
  today: boolean;
  meetings: MeetingItem[];
};

/**
 * GET /admin/api/meetings: from `from` (a Cape Town day) onwards, soonest first; with
 * `owner=mine`, only the signed-in member of staff's (`mine`).
 */
export type MeetingList = { from: string; today: string; mine: boolean; days: MeetingDay[] };

/** GET /admin/api/inbox/:id/meeting: what the request's Meeting form starts from. */
export type MeetingPlan = {
  id: string;
  schedule: "confirmed" | "cancelled" | null;
  /** The date ("YYYY-MM-DD") and time ("HH:MM", 24-hour) the form offers, in Cape Town time. */
  date: string;
  time: string;
  /** The length the form offers: the confirmed one, else the agency's default. */
  minutes: number;
  /** The lengths to choose from (meetingLengths, and the default or confirmed length if not among them). */
  lengths: number[];
  /**
   * Present only while the request is not confirmed and the time it asks for is not
   * free: who has it (by name) and free times to propose instead.
   */
  taken?: { by: string; freeTimes: ProposedTime[] };
  /** Present (true) for an admin, who may put a meeting over another with a reason. */
  mayOverride?: true;
};

/** A free time to propose: its date and time for the form, and words for the page. */
export type ProposedTime = { date: string; time: string; label: string };

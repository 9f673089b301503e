import type { Option } from "./rules";
import { uiStrings } from "#shared/ui-strings.ts";
import { AGENCY_TIME_ZONE } from "#shared/agency-time-zone.ts";
import { monthNames, shortName, weekdayNames } from "#shared/calendar-names.ts";

/** requirements §3 service types an appointment can be about. */
export const serviceTypeOptions = [
  { value: "web-development", label: "Web Application Development" },
  { value: "mobile-development", label: "Mobile App Development" },
  { value: "ui-ux", label: "UI/UX Design" },
  { value: "maintenance", label: "Maintenance & Support" },
  { value: "consultation", label: "General Consultation" },
] as const satisfies readonly Option[];

/** requirements §5 / §9: the seven selectable times. */
export const appointmentTimeSlots = [
  "09:00 AM",
  "10:00 AM",
  "11:00 AM",
  "01:00 PM",
  "02:00 PM",
  "03:00 PM",
  "04:00 PM",
] as const;

// Still offered here: the server's mail and appointment code read it beside the form's rules.
export { AGENCY_TIME_ZONE };
/** requirements §9: the next 14 days from tomorrow, weekdays only. */
export const APPOINTMENT_WINDOW_DAYS = 14;

/** The form's labels: the form, the agency's e-mail and its messages all use these. */
export const appointmentLabels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  service_type: "Service type",
  preferred_date: "Preferred date",
  preferred_time: "Preferred time",
  project_details: "Project details",
} as const;

export type AppointmentField = keyof typeof appointmentLabels;

/** requirements §5 appointment messages, exactly. */
export const appointmentMessages = {
  nameRequired: "Name is required",
  nameLength: "Name must be between 2 and 50 characters",
  emailRequired: "Email is required",
  emailInvalid: uiStrings.emailInvalid,
  phoneRequired: "Phone number is required",
  phoneInvalid: uiStrings.phoneInvalid,
  companyTooLong: "Company must be at most 100 characters",
  detailsRequired: "Project details are required",
  detailsLength: "Project details must be between 10 and 1000 characters",
  serviceTypeRequired: "Please select a service type",
  dateRequired: "Please select a preferred date",
  dateUnavailable: "Please select one of the available dates",
  timeRequired: "Please select a preferred time",
} as const;

export type DateOption = { value: string; label: string };

// Built once: constructing an Intl formatter costs far more than using one.
const agencyCalendar = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Today's calendar date in the agency's time zone, as a UTC midnight. */
function agencyToday(now: Date): Date {
  const parts = agencyCalendar.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day")));
}

/** Today's date in Cape Town as "YYYY-MM-DD": the offered dates change only when it does. */
export function agencyDateOf(now: Date): string {
  return agencyToday(now).toISOString().slice(0, 10);
}

/** "2026-11-24" → "Tue, 24 Nov 2026". */
export function formatDateLabel(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return `${shortName(weekdayNames[day.getUTCDay()])}, ${day.getUTCDate()} ${shortName(monthNames[day.getUTCMonth()])} ${day.getUTCFullYear()}`;
}

/**
 * requirements §5 selectable dates for a visitor at `now`: tomorrow and the 13 days after it in
 * Cape Town, without Saturdays and Sundays. Labels read like "Mon, 24 Nov 2026".
 */
export function appointmentDateOptions(now: Date): DateOption[] {
  const today = agencyToday(now);
  const options: DateOption[] = [];
  for (let offset = 1; offset <= APPOINTMENT_WINDOW_DAYS; offset++) {
    const day = new Date(today.getTime() + offset * 86_400_000);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const value = day.toISOString().slice(0, 10);
    options.push({ value, label: formatDateLabel(value) });
  }
  return options;
}

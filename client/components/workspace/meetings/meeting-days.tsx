/**
 * The meetings agreed, under their Cape Town day ("Today" for today's), soonest first:
 * each a card with its time, length, the visitor, the service and who takes it, linking
 * to its request.
 * Cards rather than a table so a phone shows everything without scrolling sideways.
 */
import { formatMinutes, type MeetingDay } from "#shared/staff-meetings.ts";
import { nameLead } from "#shared/lead-names.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { staffLabel } from "#client/components/workspace/lead/owner-form.tsx";

export function MeetingDays({ days }: { days: MeetingDay[] }) {
  return (
    <div className="space-y-10">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`} className="space-y-4">
          <h2 id={`day-${day.date}`} className="text-2xl font-bold text-ink">
            {day.today ? "Today" : day.label}
            {day.today ? <span className="ml-3 text-base font-normal text-ink-soft">{day.label}</span> : null}
          </h2>
          <ul className="space-y-3">
            {day.meetings.map((meeting) => (
              <li key={meeting.id} className="rounded-card border border-line bg-surface p-4">
                <p className="font-semibold text-ink">
                  <time dateTime={meeting.start}>{meeting.time}</time>
                  <span className="font-normal text-ink-soft"> · {formatMinutes(meeting.minutes)}</span>
                </p>
                <p className="mt-1 break-words">
                  <a
                    href={staffPath(staffPaths.lead, { id: meeting.id })}
                    aria-label={nameLead(meeting.name, "appointment")}
                    className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                  >
                    {meeting.name}
                  </a>
                  {meeting.company ? <span className="text-ink-soft">, {meeting.company}</span> : null}
                </p>
                <p className="mt-1 text-ink-soft">{meeting.service}</p>
                <p className="mt-1 break-words text-ink-soft">
                  {meeting.taker ? (
                    <>
                      Taken by <span className="font-medium text-ink">{staffLabel(meeting.taker)}</span>
                    </>
                  ) : (
                    "Nobody takes it yet"
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

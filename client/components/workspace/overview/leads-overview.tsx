/** The overview's leads area: what needs an answer, and this week's arrivals per form beside last week's. */
import { overviewForms, overviewLinks, type LeadsOverview } from "#shared/staff-overview.ts";
import { formatWeekday } from "#shared/format-date.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { CountTiles } from "./count-tiles";

/** The two weeks compared, each a column of counts that link to the leads counted. */
const weekColumns = [
  { key: "thisWeek", header: "This week" },
  { key: "lastWeek", header: "Last week" },
] as const;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export function LeadsOverviewSection({ overview }: { overview: LeadsOverview }) {
  const { waitingEmails, week } = overview;
  const waiting = waitingEmails.pending + waitingEmails.dead;
  return (
    <TitledSection id="leads-overview" title="Leads to act on">
      <CountTiles
        label="Leads and meetings to act on"
        tiles={[
          {
            count: overview.newLeads,
            label: plural(overview.newLeads, "new lead", "new leads"),
            href: overviewLinks.newLeads,
          },
          { count: overview.unread, label: "unread", href: overviewLinks.unread },
          {
            count: overview.overdue,
            label: "overdue for follow-up",
            hint: `Still new after ${overview.overdueAfterHours} hours`,
            href: overviewLinks.overdue,
          },
          {
            count: waiting,
            label: plural(waiting, "e-mail waiting", "e-mails waiting"),
            hint: waitingEmails.dead > 0 ? `${waitingEmails.dead} could not be delivered` : undefined,
            href: overviewLinks.waitingEmails,
          },
          {
            count: overview.meetingsToday,
            label: plural(overview.meetingsToday, "meeting today", "meetings today"),
            href: overviewLinks.meetings,
          },
          {
            count: overview.meetingsNextSevenDays,
            label: plural(
              overview.meetingsNextSevenDays,
              "meeting in the next 7 days",
              "meetings in the next 7 days",
            ),
            href: overviewLinks.meetings,
          },
        ]}
      />
      <div className="max-w-xl overflow-hidden rounded-card ring-1 ring-line">
        <table className="w-full border-collapse text-base">
          <caption className="p-4 text-left font-semibold text-ink">
            Leads per form, this week (from {formatWeekday(week.start)}) and last week (from{" "}
            {formatWeekday(week.lastWeekStart)})
          </caption>
          <thead>
            <tr className="border-t border-line">
              <th scope="col" className="px-4 py-3 text-left text-sm font-semibold text-ink">
                Form
              </th>
              {weekColumns.map(({ key, header }) => (
                <th key={key} scope="col" className="px-4 py-3 text-right text-sm font-semibold text-ink">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {overviewForms.map(({ form, label }) => {
              const counts = overview.byForm.find((row) => row.form === form);
              return (
                <tr key={form} className="border-t border-line">
                  <th scope="row" className="px-4 py-3 text-left font-normal text-ink">
                    {label}
                  </th>
                  {weekColumns.map(({ key, header }) => (
                    <td key={key} className="px-4 py-0 text-right tabular-nums">
                      {/* A whole 44 px square to tap, though the number is one digit. */}
                      <a
                        className="inline-flex min-h-11 min-w-11 items-center justify-end text-brand underline"
                        href={overviewLinks[key](form, week)}
                      >
                        {counts?.[key] ?? 0}
                        <span className="sr-only">
                          {" "}
                          {label} {header.toLowerCase()}
                        </span>
                      </a>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </TitledSection>
  );
}

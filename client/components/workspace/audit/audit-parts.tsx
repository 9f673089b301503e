import { auditGroups, type AuditEntryView, type AuditPerson } from "#shared/audit-actions.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { FilterFold, filterField } from "#client/components/workspace/filter-fold.tsx";
import { formatDay, formatWhen } from "#client/components/workspace/when.ts";

/** The audit log page's parts (client/routes/workspace/audit.tsx): its filters and its entries in sentences. */

/** The filters the address carries (a GET form), passed to the API as they are; the API checks them. */
export const auditFilterNames = ["person", "group", "from", "to"] as const;
export type AuditFilters = Partial<Record<(typeof auditFilterNames)[number], string>>;

const groupOptions = [
  { value: "", label: "Every kind of change" },
  ...auditGroups.map((group) => ({ value: group.key, label: group.label })),
];

/** The days: from the first, up to and including the last. */
const dateFilters = [
  { name: "from", label: "From", description: "South African time" },
  { name: "to", label: "To", description: "That whole day included" },
] as const;

/** "from 198.51.100.7", "from the command line"; nothing for the site's own jobs. */
function fromWhere(ip: string | null): string | null {
  if (!ip || ip === "system") return null;
  return ip === "cli" ? "from the command line" : `from ${ip}`;
}

/** The filters in use, as a sentence: "Showing accounts and roles by thandi@agency.test from 1 Nov 2026." */
export function filtersInWords(filters: AuditFilters, people: readonly AuditPerson[]): string | null {
  const parts: string[] = [];
  const group = auditGroups.find((each) => each.key === filters.group);
  parts.push(group ? group.label.toLowerCase() : "every kind of change");
  if (filters.person) {
    const person = people.find((each) => each.value === filters.person);
    parts.push(
      `by ${person ? (person.value === person.label ? person.label : person.label.toLowerCase()) : filters.person}`,
    );
  }
  const day = (value: string) => formatDay(`${value}T12:00:00+02:00`);
  if (filters.from && filters.to) parts.push(`from ${day(filters.from)} to ${day(filters.to)}`);
  else if (filters.from) parts.push(`from ${day(filters.from)}`);
  else if (filters.to) parts.push(`up to ${day(filters.to)}`);
  if (!group && !filters.person && !filters.from && !filters.to) return null;
  return `Showing ${parts.join(" ")}.`;
}

/** Who, what kind of change and which days, as a GET form whose fields fold away on a phone. */
export function AuditFilterForm({
  filters,
  people,
  error,
  fieldErrors,
}: {
  filters: AuditFilters;
  people: readonly AuditPerson[];
  error: string | null;
  fieldErrors: Record<string, string>;
}) {
  const active = auditFilterNames.filter((name) => filters[name]).length;
  const personOptions = [
    { value: "", label: "Anyone" },
    ...people.map((person) => ({ value: person.value, label: person.label })),
  ];
  // A person chosen in a shared link who no longer appears keeps their place in the select.
  if (filters.person && !people.some((person) => person.value === filters.person)) {
    personOptions.push({ value: filters.person, label: filters.person });
  }
  // A refusal that names no field shows under the last one, "To".
  const unplaced = error && !Object.keys(fieldErrors).length ? error : undefined;
  const field = (name: (typeof auditFilterNames)[number]) => ({
    ...filterField(filters, name),
    error: fieldErrors[name] ?? (name === "to" ? unplaced : undefined),
  });
  return (
    <FilterFold
      active={active}
      action={staffPaths.audit}
      label="Filter the audit log"
      // Phone-sized tap targets for the selects and date fields (44 px), whatever their text size.
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 [&_input]:min-h-11 [&_select]:min-h-11"
    >
      <SelectField label="Who" {...field("person")} options={personOptions} />
      <SelectField label="What kind of change" {...field("group")} options={groupOptions} />
      {dateFilters.map(({ name, label, description }) => (
        <TextField
          key={name}
          label={label}
          {...field(name)}
          type="date"
          required={false}
          description={description}
        />
      ))}
      <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        {active ? <ButtonLink href={staffPaths.audit}>Show everything</ButtonLink> : null}
      </div>
    </FilterFold>
  );
}

/** A page of entries, each a sentence with when and from where beneath it. */
export function AuditEntries({ entries, paged }: { entries: AuditEntryView[]; paged: boolean }) {
  return (
    <ol
      aria-label={paged ? "Audit log entries, an older page" : "Audit log entries, newest first"}
      className="divide-y divide-line rounded-card border border-line bg-surface"
    >
      {entries.map((entry) => {
        const where = fromWhere(entry.ip);
        return (
          <li key={entry.id} className="px-4 py-3 [overflow-wrap:anywhere]">
            <p className="text-ink">{entry.sentence}</p>
            <p className="mt-1 text-sm text-ink-soft">
              <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              {where ? <span> · {where}</span> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

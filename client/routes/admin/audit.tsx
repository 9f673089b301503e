import { auditGroups, type AuditEntryView, type AuditPerson } from "#shared/audit-actions.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { FilterFold } from "#client/components/workspace/filter-fold.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { formatDay, formatWhen } from "#client/components/workspace/when.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { WorkspaceApiError, workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/audit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Audit log");
export const handle = workspaceHandle;

const pageSize = 50;

/** The filters the address carries (a GET form), passed to the API as they are; the API checks them. */
const filterNames = ["person", "group", "from", "to"] as const;
type Filters = Partial<Record<(typeof filterNames)[number], string>>;

type AuditPage = { entries: AuditEntryView[]; nextBefore: number | null; people: AuditPerson[] };

/** One page of the log in sentences, newest first; `before` pages back and keeps the filters. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters: Filters = {};
  for (const name of filterNames) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const before = url.searchParams.get("before") ?? "";
  const query = new URLSearchParams({ ...filters, limit: String(pageSize) });
  if (/^\d+$/.test(before)) query.set("before", before);
  try {
    const page = await workspaceFetch<AuditPage>(`/audit?${query}`);
    const fieldErrors: Record<string, string> = {};
    return { ...page, filters, paged: query.has("before"), error: null, fieldErrors };
  } catch (error) {
    // A filter the API refused (a day that does not exist, a to before a from): the form says which.
    if (!(error instanceof WorkspaceApiError) || error.status !== 400) throw error;
    const { people } = await workspaceFetch<AuditPage>("/audit?limit=1");
    return {
      entries: [],
      nextBefore: null,
      people,
      filters,
      paged: false,
      error: error.message,
      fieldErrors: error.fieldErrors,
    };
  }
}
clientLoader.hydrate = true as const;

const description =
  "Every change made in the workspace or with the command line: who did what, when and from where.";

export function HydrateFallback() {
  return <PageHeader title="Audit log" description={description} />;
}

const groupOptions = [
  { value: "", label: "Every kind of change" },
  ...auditGroups.map((group) => ({ value: group.key, label: group.label })),
];

/** "from 198.51.100.7", "from the command line"; nothing for the site's own jobs. */
function fromWhere(ip: string | null): string | null {
  if (!ip || ip === "system") return null;
  return ip === "cli" ? "from the command line" : `from ${ip}`;
}

/** The filters in use, as a sentence: "Showing accounts and roles by thandi@agency.test from 1 Nov 2026." */
function filtersInWords(filters: Filters, people: readonly AuditPerson[]): string | null {
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

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, people, filters, paged, error, fieldErrors } = loaderData;
  const active = filterNames.filter((name) => filters[name]).length;
  const filtered = new URLSearchParams(filters);
  const older = new URLSearchParams(filters);
  if (nextBefore !== null) older.set("before", String(nextBefore));
  const personOptions = [
    { value: "", label: "Anyone" },
    ...people.map((person) => ({ value: person.value, label: person.label })),
  ];
  // A person chosen in a shared link who no longer appears keeps their place in the select.
  if (filters.person && !people.some((person) => person.value === filters.person)) {
    personOptions.push({ value: filters.person, label: filters.person });
  }
  const summary = filtersInWords(filters, people);
  return (
    <>
      <PageHeader title="Audit log" description={description} />
      {/* A plain GET form: the filters are in the address, so a filtered page can be shared or reloaded. */}
      <FilterFold active={active}>
        <form
          method="get"
          action={staffPaths.audit}
          role="search"
          aria-label="Filter the audit log"
          // Phone-sized tap targets for the selects and date fields (44 px), whatever their text size.
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 [&_input]:min-h-11 [&_select]:min-h-11"
        >
          <SelectField
            label="Who"
            name="person"
            options={personOptions}
            defaultValue={filters.person ?? ""}
            error={fieldErrors.person}
          />
          <SelectField
            label="What kind of change"
            name="group"
            options={groupOptions}
            defaultValue={filters.group ?? ""}
            error={fieldErrors.group}
          />
          <TextField
            label="From"
            name="from"
            type="date"
            defaultValue={filters.from ?? ""}
            required={false}
            description="South African time"
            error={fieldErrors.from}
          />
          <TextField
            label="To"
            name="to"
            type="date"
            defaultValue={filters.to ?? ""}
            required={false}
            description="That whole day included"
            error={fieldErrors.to ?? (error && !Object.keys(fieldErrors).length ? error : undefined)}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
            <Button type="submit">Apply filters</Button>
            {active ? <ButtonLink href={staffPaths.audit}>Show everything</ButtonLink> : null}
          </div>
        </form>
      </FilterFold>
      {summary ? (
        <p className="mb-4 text-ink-soft" aria-live="polite">
          {summary}
        </p>
      ) : null}
      {error ? (
        <EmptyState title="These filters cannot be used.">{error}</EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState
          title={active ? "Nothing recorded matches these filters." : "Nothing recorded yet."}
          action={active ? <ButtonLink href={staffPaths.audit}>Show everything</ButtonLink> : undefined}
        />
      ) : (
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
      )}
      {paged || nextBefore !== null ? (
        <nav aria-label="Audit log pages" className="mt-6 flex flex-wrap gap-3">
          {paged ? (
            <ButtonLink href={filtered.size ? `${staffPaths.audit}?${filtered}` : staffPaths.audit}>
              Newest
            </ButtonLink>
          ) : null}
          {nextBefore !== null ? <ButtonLink href={`${staffPaths.audit}?${older}`}>Older</ButtonLink> : null}
        </nav>
      ) : null}
    </>
  );
}

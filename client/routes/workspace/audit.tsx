import type { AuditEntryView, AuditPerson } from "#shared/audit-actions.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import {
  AuditEntries,
  AuditFilterForm,
  auditFilterNames,
  filtersInWords,
  type AuditFilters,
} from "#client/components/workspace/audit/audit-parts.tsx";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { WorkspaceApiError, workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/audit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Audit log");
export const handle = workspaceHandle;

const pageSize = 50;

type AuditPage = { entries: AuditEntryView[]; nextBefore: number | null; people: AuditPerson[] };

/** One page of the log in sentences, newest first; `before` pages back and keeps the filters. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters: AuditFilters = {};
  for (const name of auditFilterNames) {
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

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, people, filters, paged, error, fieldErrors } = loaderData;
  const active = auditFilterNames.filter((name) => filters[name]).length;
  const filtered = new URLSearchParams(filters);
  const older = new URLSearchParams(filters);
  if (nextBefore !== null) older.set("before", String(nextBefore));
  const summary = filtersInWords(filters, people);
  return (
    <>
      <PageHeader title="Audit log" description={description} />
      <AuditFilterForm filters={filters} people={people} error={error} fieldErrors={fieldErrors} />
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
        <AuditEntries entries={entries} paged={paged} />
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

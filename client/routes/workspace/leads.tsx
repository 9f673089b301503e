import { useState } from "react";
import type { AssignableStaff, InboxPage } from "#shared/inbox.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { BulkAssign } from "#client/components/workspace/leads/bulk-assign.tsx";
import { ExportLinks } from "#client/components/workspace/leads/export-links.tsx";
import { FilterForm, filterNames, type Filters } from "#client/components/workspace/leads/filter-form.tsx";
import { InboxTable, Pager } from "#client/components/workspace/leads/inbox-table.tsx";
import { PurgeSuspected } from "#client/components/workspace/leads/purge-suspected.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/leads";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Leads");
export const handle = workspaceHandle;

/** The filters in the page's address. */
function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  const filters: Filters = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

async function loadInbox(filters: Filters) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const [inbox, { owners }] = await Promise.all([
    workspaceFetch<InboxPage>(`/inbox${query.size > 0 ? `?${query}` : ""}`),
    workspaceFetch<{ owners: AssignableStaff[] }>("/inbox/owners"),
  ]);
  return { inbox, filters, owners };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadInbox(filtersOf(new URL(request.url).search));
}
clientLoader.hydrate = true as const;

const description = "Leads and appointment requests, unread first, then newest.";

export function HydrateFallback() {
  return <PageHeader title="Leads" description={description} />;
}

/** The inbox: `leads list` and `appointments list` in one, with search and paging. */
export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const [{ inbox, filters, owners }, reload] = useReloadable(loaderData, () => loadInbox(loaderData.filters));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const assigned = async () => {
    setSelected(new Set());
    await reload();
  };
  const filtered = filterNames.some((name) => name !== "page" && filters[name]);
  const suspected = filters.suspected === "1";
  return (
    <>
      <PageHeader title="Leads" description={description} actions={<ExportLinks />} />
      <FilterForm filters={filters} owners={owners} />
      {inbox.items.length === 0 ? (
        <EmptyState
          title={filtered ? "No leads match these filters." : "No leads yet."}
          action={filtered ? <ButtonLink href={staffPaths.leads}>Clear filters</ButtonLink> : undefined}
        />
      ) : (
        <>
          <BulkAssign selected={[...selected]} owners={owners} done={assigned} />
          <InboxTable items={inbox.items} suspected={suspected} selection={{ selected, toggle }} />
        </>
      )}
      <Pager inbox={inbox} filters={filters} />
      {suspected ? <PurgeSuspected form={filters.form} count={inbox.total} reload={reload} /> : null}
    </>
  );
}

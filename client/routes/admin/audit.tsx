import { staffPaths } from "#shared/staff-paths.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { FilterFold } from "#client/components/workspace/filter-fold.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/audit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Audit log");
export const handle = workspaceHandle;

type AuditEntry = {
  id: number;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string | null;
  detail: unknown;
};

const pageSize = 50;

/** One page of the log, newest first; `before` pages back, `action` keeps one kind ("user." or "lead.status"). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const action = url.searchParams.get("action")?.trim() ?? "";
  const before = url.searchParams.get("before") ?? "";
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (action) query.set("action", action);
  if (/^\d+$/.test(before)) query.set("before", before);
  const page = await workspaceFetch<{ entries: AuditEntry[]; nextBefore: number | null }>(`/audit?${query}`);
  return { ...page, action, paged: query.has("before") };
}
clientLoader.hydrate = true as const;

const description =
  "Every change made in the workspace or with the command line: who, what, when and from where.";

export function HydrateFallback() {
  return <PageHeader title="Audit log" description={description} />;
}

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return "";
  return typeof detail === "string" ? detail : JSON.stringify(detail);
}

const auditColumns: readonly TableColumn<AuditEntry>[] = [
  { header: "When", card: "meta", className: "whitespace-nowrap", cell: (entry) => formatWhen(entry.at) },
  { header: "Who", card: "meta", cell: (entry) => entry.actor },
  { header: "From", card: "meta", cell: (entry) => entry.ip },
  { header: "Action", card: "title", className: "font-mono text-sm", cell: (entry) => entry.action },
  { header: "On", card: "meta", cell: (entry) => entry.target },
  {
    header: "Details",
    card: "meta",
    className: "max-w-xs font-mono text-sm break-all text-ink-soft",
    cell: (entry) => detailText(entry.detail),
  },
];

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, action, paged } = loaderData;
  const older = new URLSearchParams(action ? { action } : {});
  if (nextBefore !== null) older.set("before", String(nextBefore));
  return (
    <>
      <PageHeader title="Audit log" description={description} />
      {/* A plain GET form: the filter is in the address, so a filtered page can be shared or reloaded. */}
      <FilterFold active={action ? 1 : 0}>
        <form method="get" action={staffPaths.audit} className="flex flex-wrap items-end gap-3">
          <div className="w-full max-w-xs">
            <TextField
              label="Action starts with"
              name="action"
              defaultValue={action}
              required={false}
              description="e.g. “user.” or “lead.status”"
            />
          </div>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {action ? <ButtonLink href={staffPaths.audit}>Show all</ButtonLink> : null}
        </form>
      </FilterFold>
      {entries.length === 0 ? (
        <EmptyState title={action ? `Nothing recorded for “${action}”.` : "Nothing recorded yet."} />
      ) : (
        <DataTable
          caption={paged ? "Audit log entries, older page" : "Audit log entries, newest first"}
          columns={auditColumns}
          rows={entries}
          rowKey={(entry) => entry.id}
          rowName={(entry) => `${entry.action} ${formatWhen(entry.at)}`}
        />
      )}
      {paged || nextBefore !== null ? (
        <nav aria-label="Audit log pages" className="mt-6 flex gap-3">
          {paged ? (
            <ButtonLink
              href={action ? `${staffPaths.audit}?${new URLSearchParams({ action })}` : staffPaths.audit}
            >
              Newest
            </ButtonLink>
          ) : null}
          {nextBefore !== null ? <ButtonLink href={`${staffPaths.audit}?${older}`}>Older</ButtonLink> : null}
        </nav>
      ) : null}
    </>
  );
}

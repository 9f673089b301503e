import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { DataTable } from "#client/components/workspace/data-table.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { PageCopyView } from "#shared/copy/copy-pages.ts";
import type { Route } from "./+types/pages";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const handle = workspaceHandle;

export const meta = () => workspaceMeta("Pages");

export async function clientLoader() {
  return workspaceFetch<{ pages: PageCopyView[] }>("/pages");
}
clientLoader.hydrate = true as const;

const description = "The words on each page of the site: headlines, cards, lists and calls to action.";

export function HydrateFallback() {
  return <PageHeader title="Pages" description={description} />;
}

/** Every page whose copy staff edit, and whether it still shows the copy the site shipped with. */
export default function PagesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Pages" description={description} />
      <DataTable
        caption="Pages of the site"
        rows={loaderData.pages}
        rowKey={(row) => row.page}
        rowName={(row) => row.label}
        columns={[
          {
            header: "Page",
            card: "title",
            cell: (row) => (
              <a
                href={staffPath(staffPaths.pageEdit, { page: row.page })}
                className="font-semibold text-brand underline"
              >
                {row.label}
              </a>
            ),
          },
          { header: "Address", card: "meta", cell: (row) => row.path },
          {
            header: "State",
            card: "status",
            cell: (row) => (
              <span className="flex flex-wrap gap-2">
                <StatusBadge tone={row.customised ? "success" : "neutral"}>
                  {row.customised ? "Edited" : "Original text"}
                </StatusBadge>
                {row.draft ? <StatusBadge tone="warning">Unpublished draft</StatusBadge> : null}
              </span>
            ),
          },
          {
            header: "Last saved",
            card: "meta",
            cell: (row) =>
              row.updatedAt ? `${formatWhen(row.updatedAt)} by ${row.updatedBy ?? ""}` : "Never",
          },
        ]}
      />
    </>
  );
}

import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { snippetTitle, snippetWarnings } from "#shared/snippet-pages.ts";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { loadPageSnippets, type PageSnippetView } from "#client/lib/workspace-snippets.ts";
import type { Route } from "./+types/snippets";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Search snippets");
export const handle = workspaceHandle;

export async function clientLoader() {
  return loadPageSnippets();
}
clientLoader.hydrate = true as const;

const description =
  "What search results and shared links show of each page: its description and image. A page without its own shows the one it was built with.";

export function HydrateFallback() {
  return <PageHeader title="Search snippets" description={description} />;
}

type Row = PageSnippetView & { warnings: string[] };

const columns: TableColumn<Row>[] = [
  {
    header: "Page",
    card: "title",
    cell: (row) => (
      <a
        href={staffPath(staffPaths.snippetEdit, { page: row.page })}
        className="font-semibold text-brand underline-offset-4 hover:underline"
      >
        {row.title}
        <span className="sr-only">: edit its snippet</span>
      </a>
    ),
  },
  { header: "Address", card: "meta", cell: (row) => row.path },
  {
    header: "Description",
    card: "meta",
    cell: (row) => (
      <>
        <span className="text-sm text-ink-soft">
          {row.saved.description ? "Saved: " : "The page's own: "}
        </span>
        {row.description}
      </>
    ),
  },
  { header: "Image", card: "meta", cell: (row) => (row.image ? "Saved" : "The page's own card") },
  {
    header: "Length",
    card: "status",
    cell: (row) =>
      row.warnings.length > 0 ? (
        <StatusBadge tone="warning">Will be cut</StatusBadge>
      ) : (
        <StatusBadge tone="success">Fits</StatusBadge>
      ),
  },
];

/** Every page's snippet, with a marker where search results will cut it; each opens its editor. */
export default function SearchSnippetsPage({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const rows = loaderData.pages.map((view) => ({
    ...view,
    warnings: snippetWarnings({
      title: snippetTitle(view.title, settings.brandName),
      description: view.description,
    }),
  }));
  return (
    <>
      <PageHeader title="Search snippets" description={description} />
      <DataTable
        caption="Search snippets of the site's pages"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.page}
        rowName={(row) => row.title}
      />
    </>
  );
}

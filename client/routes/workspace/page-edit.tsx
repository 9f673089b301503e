import { data } from "react-router";
import { copyPages, copyTarget, isCopyPageName, type PageCopyView } from "#shared/copy/copy-pages.ts";
import { historyPath } from "#shared/staff-paths.ts";
import { CopyForm } from "#client/components/workspace/pages/copy-form.tsx";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { loadEditing } from "#client/components/workspace/editing/use-editing.ts";
import type { Route } from "./+types/page-edit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const handle = workspaceHandle;

const titleOf = (page: string | undefined) =>
  page && isCopyPageName(page) ? `${copyPages[page].label} page` : "Not found";

export const meta = ({ params }: Route.MetaArgs) => workspaceMeta(titleOf(params.page));

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isCopyPageName(params.page)) throw data("Not found.", { status: 404 });
  // The version the form saves from is read with the page (docs/decisions/066-concurrent-editing.md).
  const [{ page }, editing] = await Promise.all([
    workspaceFetch<{ page: PageCopyView }>(`/pages/${params.page}`),
    loadEditing(copyTarget(params.page)),
  ]);
  return { name: params.page, view: page, editing };
}
clientLoader.hydrate = true as const;

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  return <PageHeader title={titleOf(params.page)} />;
}

/** A page's copy in a form drawn from its description (shared/copy/). */
export default function PageCopyPage({ loaderData }: Route.ComponentProps) {
  const { name, view, editing } = loaderData;
  return (
    <>
      <PageHeader
        title={titleOf(name)}
        description={
          <>
            The words visitors read at <code>{view.path}</code>. Publish to show them at once, or save a draft
            and preview it first.
          </>
        }
        actions={<ButtonLink href={historyPath(copyTarget(name))}>History and restore</ButtonLink>}
      />
      <CopyForm
        // "Take their version" reloads the page's copy and the form with it.
        key={`${view.updatedAt ?? ""} ${editing.version ?? ""} ${editing.draft?.savedAt ?? ""}`}
        name={name}
        view={view}
        editing={editing}
      />
    </>
  );
}

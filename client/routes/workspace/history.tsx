import { useCallback } from "react";
import { data } from "react-router";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { loadHistory, RevisionHistoryPanel } from "#client/components/workspace/history/revision-history.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import type { Route } from "./+types/history";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const handle = workspaceHandle;

export const meta = () => workspaceMeta("History");

/** `/admin/history/<target>`: "news/launch-day", "settings", "page:home". */
function targetOf(params: Route.ClientLoaderArgs["params"]): string {
  const target = params["*"] ?? "";
  if (!target) throw data("Not found.", { status: 404 });
  return target;
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadHistory(targetOf(params));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="History" />;
}

/** Every kept version of one thing visitors read, whatever its kind, with restore. */
export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const load = useCallback(() => loadHistory(loaderData.target), [loaderData.target]);
  const [history, reload] = useReloadable(loaderData, load);
  return (
    <>
      <PageHeader
        title="History"
        description={`${history.label}: every saved version, newest first. Restoring one keeps the current version in the history.`}
        actions={
          <>
            {history.viewPath ? <ButtonLink href={history.viewPath}>View on site</ButtonLink> : null}
            {history.editPath ? <ButtonLink href={history.editPath}>Edit</ButtonLink> : null}
          </>
        }
      />
      <RevisionHistoryPanel
        key={history.revisions[0]?.id ?? 0}
        initial={history}
        onRestored={reload}
        title="Saved versions"
      />
    </>
  );
}

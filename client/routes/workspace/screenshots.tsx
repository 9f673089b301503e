import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { ServicePageShots } from "#client/components/workspace/screenshots/service-page-shots.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { ScreenshotPages } from "#client/lib/workspace-content.ts";
import type { Route } from "./+types/screenshots";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Screenshots");
export const handle = workspaceHandle;

export async function clientLoader() {
  return workspaceFetch<ScreenshotPages>("/screenshots");
}
clientLoader.hydrate = true as const;

const description =
  "The service pages' screenshots. An upload takes a position in the page's showcase; built-in images fill the others.";

export function HydrateFallback() {
  return <PageHeader title="Screenshots" description={description} />;
}

/** Upload, move and remove each service page's screenshots: the CLI's `screenshots` operations. */
export default function ScreenshotsPage({ loaderData }: Route.ComponentProps) {
  const { pages, maxPosition } = loaderData;
  return (
    <>
      <PageHeader title="Screenshots" description={description} />
      <div className="space-y-12">
        {pages.map(({ page, screenshots }) => (
          <ServicePageShots key={page} page={page} screenshots={screenshots} maxPosition={maxPosition} />
        ))}
      </div>
    </>
  );
}

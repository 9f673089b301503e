import { PageHeader } from "../../components/workspace/page-header";
import { ServicePageShots } from "../../components/workspace/screenshots/service-page-shots";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { ScreenshotPages } from "../../lib/workspace-content";
import type { Route } from "./+types/screenshots";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

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

import { ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { SnippetEditor } from "#client/components/workspace/snippets/snippet-editor.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { loadPageSnippet } from "#client/lib/workspace-snippets.ts";
import { historyPath } from "#shared/staff-paths.ts";
import type { Route } from "./+types/snippet-edit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = ({ data }: Route.MetaArgs) =>
  workspaceMeta(data ? `Search snippet: ${data.snippet.title}` : "Search snippet");
export const handle = workspaceHandle;

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadPageSnippet(params.page);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Search snippet" />;
}

/** One page's description and social image, with a live preview: the CLI's `snippets set`. */
export default function SearchSnippetEditPage({ loaderData }: Route.ComponentProps) {
  const { snippet } = loaderData;
  return (
    <>
      <PageHeader
        title={`Search snippet: ${snippet.title}`}
        description={`What search results and shared links show of ${snippet.path}.`}
        actions={<ButtonLink href={historyPath(`snippet:${snippet.page}`)}>History and restore</ButtonLink>}
      />
      <SnippetEditor key={snippet.page} snippet={snippet} />
    </>
  );
}

import { data } from "react-router";
import { contentKindSpecs, isContentKind, type ContentKindSpec } from "#shared/content-fields.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { ContentTable } from "#client/components/workspace/content/content-table.tsx";
import { NewsCategoriesSection } from "#client/components/workspace/content/news-categories-section.tsx";
import { titleOf } from "#client/components/workspace/content/kind-title.ts";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { ContentListItem } from "#client/lib/workspace-content.ts";
import type { Route } from "./+types/content-list";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const handle = workspaceHandle;

export const meta = ({ params }: Route.MetaArgs) =>
  workspaceMeta(isContentKind(params.kind) ? titleOf(contentKindSpecs[params.kind]) : "Not found");

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isContentKind(params.kind)) throw data("Not found.", { status: 404 });
  const { items } = await workspaceFetch<{ items: ContentListItem[] }>(`/content/${params.kind}`);
  return { kind: params.kind, items };
}
clientLoader.hydrate = true as const;

const describe = (spec: ContentKindSpec) =>
  `In the order ${spec.page} shows them, drafts included. Visitors see only published ones.`;

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  const spec = isContentKind(params.kind) ? contentKindSpecs[params.kind] : undefined;
  return spec ? <PageHeader title={titleOf(spec)} description={describe(spec)} /> : null;
}

/** A kind's items in page order: move, publish, hide, edit or remove each, the CLI's operations. */
export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const { kind, items } = loaderData;
  const spec = contentKindSpecs[kind];
  return (
    <>
      <PageHeader
        title={titleOf(spec)}
        description={describe(spec)}
        actions={
          <ButtonLink variant="primary" href={staffPath(staffPaths.contentNew, { kind })}>
            New {spec.one}
          </ButtonLink>
        }
      />
      {items.length === 0 ? (
        <EmptyState title={`No ${spec.many} yet; ${spec.page} shows its empty message.`} />
      ) : (
        <ContentTable kind={kind} spec={spec} items={items} />
      )}
      {kind === "news" ? <NewsCategoriesSection /> : null}
    </>
  );
}

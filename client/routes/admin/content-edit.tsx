import { data } from "react-router";
import { contentKindSpecs, isContentKind, type ContentKind } from "../../../shared/content-fields";
import { ContentForm } from "../../components/workspace/content/content-form";
import { ContentEditHeader } from "../../components/workspace/content/edit-header";
import { PageHeader } from "../../components/workspace/page-header";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { ContentRecord } from "../../lib/workspace-content";
import type { Route } from "./+types/content-edit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const handle = workspaceHandle;

export const meta = ({ params }: Route.MetaArgs) => {
  if (!isContentKind(params.kind)) return workspaceMeta("Not found");
  const spec = contentKindSpecs[params.kind];
  return workspaceMeta(params.id ? `Edit ${spec.one}` : `New ${spec.one}`);
};

/** `/admin/content/:kind/new` (no id) or `/admin/content/:kind/:id`: the item to edit, if any. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isContentKind(params.kind)) throw data("Not found.", { status: 404 });
  const kind: ContentKind = params.kind;
  if (!params.id) return { kind, record: null };
  const { record } = await workspaceFetch<{ record: ContentRecord }>(
    `/content/${kind}/${encodeURIComponent(params.id)}`,
  );
  return { kind, record };
}
clientLoader.hydrate = true as const;

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  if (!isContentKind(params.kind)) return null;
  const spec = contentKindSpecs[params.kind];
  return <PageHeader title={params.id ? `Edit ${spec.one}` : `New ${spec.one}`} />;
}

/** A content item's form, built from the kind's fields (shared/content-fields.ts). */
export default function ContentEditPage({ loaderData }: Route.ComponentProps) {
  const { kind, record } = loaderData;
  const spec = contentKindSpecs[kind];
  return (
    <>
      <ContentEditHeader kind={kind} spec={spec} record={record} />
      <ContentForm kind={kind} spec={spec} record={record} />
    </>
  );
}

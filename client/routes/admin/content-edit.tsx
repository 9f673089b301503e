import { data } from "react-router";
import { contentKindSpecs, isContentKind, type ContentKind } from "#shared/content-fields.ts";
import { ContentForm } from "#client/components/workspace/content/content-form.tsx";
import { ContentEditHeader } from "#client/components/workspace/content/edit-header.tsx";
import { PublishingPanel } from "#client/components/workspace/content/publishing-panel.tsx";
import { useState } from "react";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { ContentRecord } from "#client/lib/workspace-content.ts";
import type { Route } from "./+types/content-edit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

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
  // The item as last saved or published elsewhere on the page, for the Publishing section.
  const [latest, setLatest] = useState<{ record: ContentRecord; saved: boolean }>();
  return (
    <>
      <ContentEditHeader
        kind={kind}
        spec={spec}
        record={record}
        onStatusChange={(after) => setLatest({ record: after, saved: false })}
      />
      <ContentForm
        kind={kind}
        spec={spec}
        record={record}
        onSaved={(after) => setLatest({ record: after, saved: true })}
      />
      {record ? <PublishingPanel kind={kind} spec={spec} record={record} latest={latest} /> : null}
    </>
  );
}

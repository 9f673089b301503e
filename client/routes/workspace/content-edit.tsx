import { useCallback } from "react";
import { data, useRevalidator } from "react-router";
import { contentKindSpecs, isContentKind, type ContentKind } from "#shared/content-fields.ts";
import { ContentForm } from "#client/components/workspace/content/content-form.tsx";
import { ContentEditHeader } from "#client/components/workspace/content/edit-header.tsx";
import { loadHistory, RevisionHistoryPanel } from "#client/components/workspace/history/revision-history.tsx";
import { PublishingPanel } from "#client/components/workspace/content/publishing-panel.tsx";
import { useState } from "react";
import { loadEditing } from "#client/components/workspace/editing/use-editing.ts";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
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
  if (!params.id) return { kind, record: null, history: null, editing: null };
  // The version the form saves from is read with the item (docs/decisions/066-concurrent-editing.md).
  const [{ record }, history, editing] = await Promise.all([
    workspaceFetch<{ record: ContentRecord }>(`/content/${kind}/${encodeURIComponent(params.id)}`),
    loadHistory(`${kind}/${params.id}`),
    loadEditing(`${kind}/${params.id}`),
  ]);
  return { kind, record, history, editing };
}
clientLoader.hydrate = true as const;

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  if (!isContentKind(params.kind)) return null;
  const spec = contentKindSpecs[params.kind];
  return <PageHeader title={params.id ? `Edit ${spec.one}` : `New ${spec.one}`} />;
}

/** A content item's form, built from the kind's fields (shared/content-fields.ts). */
export default function ContentEditPage({ loaderData }: Route.ComponentProps) {
  const { kind, record, editing } = loaderData;
  const spec = contentKindSpecs[kind];
  const revalidator = useRevalidator();
  const target = `${kind}/${record?.id ?? ""}`;
  const load = useCallback(() => loadHistory(target), [target]);
  // A save adds to the history; a restore reloads the item, and the form, keyed by its last save, refills.
  const [history, reloadHistory] = useReloadable(loaderData.history, load);
  // The item as last saved or published elsewhere on the page, for the Publishing section.
  const [latest, setLatest] = useState<{ record: ContentRecord; saved: boolean }>();
  return (
    <>
      <ContentEditHeader
        kind={kind}
        spec={spec}
        record={record}
        shown={latest?.record}
        onStatusChange={(after) => setLatest({ record: after, saved: false })}
      />
      <ContentForm
        // A reload after a restore or "Take their version" refills it from the item as saved.
        key={`${record?.updatedAt ?? "new"} ${editing?.version ?? ""} ${editing?.draft?.savedAt ?? ""}`}
        kind={kind}
        spec={spec}
        record={record}
        editing={editing}
        onSaved={(after) => {
          setLatest({ record: after, saved: true });
          void reloadHistory();
        }}
      />
      {record ? (
        <PublishingPanel
          kind={kind}
          spec={spec}
          record={record}
          latest={latest}
          onChange={(after) => setLatest({ record: after, saved: false })}
        />
      ) : null}
      {history ? (
        <div className="mt-12">
          <RevisionHistoryPanel
            key={history.revisions[0]?.id ?? 0}
            initial={history}
            onRestored={() => revalidator.revalidate()}
          />
        </div>
      ) : null}
    </>
  );
}

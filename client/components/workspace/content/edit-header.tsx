/** The content edit page's header: the item's title and state (as the list shows it), publish or unpublish, back to the list. */
import { useState } from "react";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import type { ContentEditing, ContentRecord } from "#client/lib/workspace-content.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { PublishState } from "./publish-state";
import { toast } from "#client/components/workspace/toasts.tsx";

export function ContentEditHeader({
  kind,
  spec,
  record,
  shown,
  onStatusChange,
}: ContentEditing & {
  /** The item as last published, scheduled or hidden elsewhere on the page, when it was. */
  shown?: ContentRecord;
  onStatusChange?: (after: ContentRecord) => void;
}) {
  const current = shown ?? record;
  const status = current?.status;
  const [switching, setSwitching] = useState(false);

  /** Publishes or hides the item as last saved, as the list's buttons do. */
  async function switchStatus(item: ContentRecord) {
    setSwitching(true);
    try {
      const action = status === "published" ? "unpublish" : "publish";
      const { record: after } = await workspaceFetch<{ record: ContentRecord }>(
        `/content/${kind}/${encodeURIComponent(item.id)}/${action}`,
        { method: "POST" },
      );
      onStatusChange?.(after);
      toast({
        variant: "success",
        title:
          after.status === "published"
            ? "Published as last saved"
            : "A draft again: visitors no longer see it",
      });
    } catch (caught) {
      toast({
        title: "That did not work",
        description: caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.",
      });
    } finally {
      setSwitching(false);
    }
  }

  const title = record ? `Edit ${spec.one}` : `New ${spec.one}`;
  return (
    <PageHeader
      title={title}
      description={
        record ? (
          <>
            {record.item.title} <PublishState item={current ?? record} />
          </>
        ) : (
          `A new ${spec.one} is saved as a draft; publish it from the list when it is ready.`
        )
      }
      actions={
        <>
          {record ? (
            <Button variant="secondary" busy={switching} onClick={() => void switchStatus(record)}>
              {status === "published" ? "Unpublish" : "Publish"}
            </Button>
          ) : null}
          <ButtonLink href={staffPath(staffPaths.content, { kind })}>Back to the list</ButtonLink>
        </>
      }
    />
  );
}

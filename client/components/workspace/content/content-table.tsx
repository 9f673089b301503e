/** A kind's items in page order, each with its buttons: move up or down, publish or hide, remove. */
import { useRevalidator } from "react-router";
import type { ContentKind, ContentKindSpec } from "#shared/content-fields.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { ContentListItem } from "#client/lib/workspace-content.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { titleOf } from "./kind-title";
import { PublishState } from "./publish-state";

export function ContentTable({
  kind,
  spec,
  items,
}: {
  kind: ContentKind;
  spec: ContentKindSpec;
  items: ContentListItem[];
}) {
  const revalidator = useRevalidator();

  async function act(path: string, done: string, body?: object) {
    try {
      await workspaceFetch(`/content/${kind}/${path}`, { method: "POST", body: body && { json: body } });
      toast({ variant: "success", title: done });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "That did not work", description: messageOf(caught) });
    }
  }

  async function remove(item: ContentListItem) {
    try {
      await workspaceFetch(`/content/${kind}/${encodeURIComponent(item.id)}`, { method: "DELETE" });
      toast({ variant: "success", title: `Removed “${item.title}”` });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "Could not remove it", description: messageOf(caught) });
    }
  }

  // News is in date order, newest first, pinned posts on top: no positions to show or move.
  const byHand = kind !== "news";
  const columns: readonly TableColumn<ContentListItem>[] = [
    ...(byHand
      ? [{ header: "Position", card: "meta" as const, cell: (item: ContentListItem) => item.position }]
      : []),
    {
      header: "Title",
      card: "title",
      cell: (item) => (
        <a
          href={staffPath(staffPaths.contentEdit, { kind, id: item.id })}
          className="inline-flex min-h-11 items-center font-medium text-brand underline-offset-4 hover:underline"
        >
          {item.title}
        </a>
      ),
    },
    {
      header: "Status",
      card: "status",
      cell: (item) => (
        <span className="inline-flex flex-wrap gap-1">
          <PublishState item={item} />
          {item.featured ? <StatusBadge tone="info">Featured</StatusBadge> : null}
        </span>
      ),
    },
    {
      header: "Changed",
      card: "meta",
      className: "whitespace-nowrap",
      cell: (item) => formatWhen(item.updatedAt),
    },
    {
      header: "Actions",
      card: "actions",
      cell: (item) => {
        const index = items.indexOf(item);
        const id = encodeURIComponent(item.id);
        return (
          <div className="flex flex-wrap items-center gap-1">
            {byHand ? (
              <>
                <Button
                  variant="quiet"
                  disabled={index === 0}
                  aria-label={`Move “${item.title}” up`}
                  onClick={() =>
                    void act(`${id}/move`, `Moved “${item.title}” up`, { position: item.position - 1 })
                  }
                >
                  Up
                </Button>
                <Button
                  variant="quiet"
                  disabled={index === items.length - 1}
                  aria-label={`Move “${item.title}” down`}
                  onClick={() =>
                    void act(`${id}/move`, `Moved “${item.title}” down`, {
                      position: item.position + 1,
                    })
                  }
                >
                  Down
                </Button>
              </>
            ) : null}
            {item.status === "published" ? (
              <Button
                variant="quiet"
                aria-label={`Unpublish “${item.title}”`}
                onClick={() => void act(`${id}/unpublish`, `“${item.title}” is a draft again`)}
              >
                Unpublish
              </Button>
            ) : (
              <Button
                variant="quiet"
                aria-label={`Publish “${item.title}”`}
                onClick={() => void act(`${id}/publish`, `Published “${item.title}”`)}
              >
                Publish
              </Button>
            )}
            <ConfirmButton
              label="Remove"
              accessibleLabel={`Remove “${item.title}”`}
              variant="quiet"
              title={`Remove “${item.title}”?`}
              confirmLabel={`Remove ${spec.one}`}
              onConfirm={() => remove(item)}
            >
              It goes from {spec.page} at once, with the uploaded images nothing else shows. This cannot be
              undone.
            </ConfirmButton>
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      caption={`${titleOf(spec)} in page order`}
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      rowName={(item) => `“${item.title}”`}
    />
  );
}

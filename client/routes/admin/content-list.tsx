import { data, useRevalidator } from "react-router";
import { contentKindSpecs, isContentKind, type ContentKindSpec } from "../../../shared/content-fields";
import { staffPath, staffPaths } from "../../../shared/staff-paths";
import { Button, ButtonLink } from "../../components/workspace/button";
import { ConfirmButton } from "../../components/workspace/confirm-button";
import { bodyCell, bodyRow, DataTable, headCell } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { ContentListItem } from "../../lib/workspace-content";
import type { Route } from "./+types/content-list";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const handle = workspaceHandle;

const titleOf = (spec: ContentKindSpec) => spec.many.charAt(0).toUpperCase() + spec.many.slice(1);

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

function messageOf(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}

/** A kind's items in page order: move, publish, hide, edit or remove each, the CLI's operations. */
export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const { kind, items } = loaderData;
  const spec = contentKindSpecs[kind];
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
        <DataTable caption={`${titleOf(spec)} in page order`}>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Position
              </th>
              <th scope="col" className={headCell}>
                Title
              </th>
              <th scope="col" className={headCell}>
                Status
              </th>
              <th scope="col" className={headCell}>
                Changed
              </th>
              <th scope="col" className={headCell}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const id = encodeURIComponent(item.id);
              return (
                <tr key={item.id} className={bodyRow}>
                  <td className={bodyCell}>{item.position}</td>
                  <td className={bodyCell}>
                    <a
                      href={staffPath(staffPaths.contentEdit, { kind, id: item.id })}
                      className="font-medium text-brand underline-offset-4 hover:underline"
                    >
                      {item.title}
                    </a>
                  </td>
                  <td className={bodyCell}>
                    <StatusBadge tone={item.status === "published" ? "success" : "warning"}>
                      {item.status === "published" ? "Published" : "Draft"}
                    </StatusBadge>
                  </td>
                  <td className={`${bodyCell} whitespace-nowrap`}>{formatWhen(item.updatedAt)}</td>
                  <td className={bodyCell}>
                    <div className="flex flex-wrap items-center gap-1">
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
                        It goes from {spec.page} at once, with the uploaded images nothing else shows. This
                        cannot be undone.
                      </ConfirmButton>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

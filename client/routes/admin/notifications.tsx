import { useState } from "react";
import { useRevalidator } from "react-router";
import type { NotificationItem } from "../../../shared/inbox";
import { Button } from "../../components/workspace/button";
import { bodyCell, bodyRow, DataTable, headCell } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { Route } from "./+types/notifications";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Notifications");
export const handle = workspaceHandle;

export async function clientLoader() {
  return workspaceFetch<{ notifications: NotificationItem[] }>("/notifications");
}
clientLoader.hydrate = true as const;

const description =
  "E-mails waiting to be sent, and those the mail server kept refusing. A retry sends a dead one again within a minute.";

export function HydrateFallback() {
  return <PageHeader title="Notifications" description={description} />;
}

type Retried = { requeued: number[]; pending: number[] };

function useRetry() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | "all" | null>(null);
  async function retry(ids?: number[]) {
    setBusy(ids?.[0] ?? "all");
    try {
      const { requeued } = await workspaceFetch<Retried>("/notifications/retry", {
        body: { json: ids ? { ids } : {} },
      });
      toast({
        variant: "success",
        title:
          requeued.length === 0
            ? "No dead e-mails to retry"
            : `${requeued.length === 1 ? "1 e-mail" : `${requeued.length} e-mails`} queued again`,
      });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Could not retry",
        description:
          error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.",
      });
    } finally {
      setBusy(null);
    }
  }
  return { busy, retry };
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const { busy, retry } = useRetry();
  const dead = notifications.filter((row) => row.status === "dead");
  return (
    <>
      <PageHeader
        title="Notifications"
        description={description}
        actions={
          dead.length > 0 ? (
            <Button busy={busy === "all"} onClick={() => void retry()}>
              Retry all dead ({dead.length})
            </Button>
          ) : undefined
        }
      />
      {notifications.length === 0 ? (
        <EmptyState title="No e-mail is waiting or dead: everything was sent." />
      ) : (
        <DataTable caption="Pending and dead notification e-mails, newest first">
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Status
              </th>
              <th scope="col" className={headCell}>
                What
              </th>
              <th scope="col" className={headCell}>
                About
              </th>
              <th scope="col" className={headCell}>
                Queued
              </th>
              <th scope="col" className={headCell}>
                Tries
              </th>
              <th scope="col" className={headCell}>
                Last error
              </th>
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {notifications.map((row) => (
              <tr key={row.id} className={bodyRow}>
                <td className={bodyCell}>
                  <StatusBadge tone={row.status === "dead" ? "danger" : "info"}>
                    {row.status === "dead" ? "Dead" : "Pending"}
                  </StatusBadge>
                </td>
                <td className={`${bodyCell} font-mono text-sm`}>{row.kind}</td>
                <td className={`${bodyCell} break-all`}>{row.about}</td>
                <td className={`${bodyCell} whitespace-nowrap`}>{formatWhen(row.createdAt)}</td>
                <td className={bodyCell}>{row.attempts}</td>
                <td className={`${bodyCell} max-w-xs text-sm break-words text-ink-soft`}>
                  {row.lastError ?? ""}
                </td>
                <td className={`${bodyCell} text-right`}>
                  {row.status === "dead" ? (
                    <Button
                      variant="quiet"
                      busy={busy === row.id}
                      aria-label={`Retry e-mail ${row.id} (${row.kind})`}
                      onClick={() => void retry([row.id])}
                    >
                      Retry
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}

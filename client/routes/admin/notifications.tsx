import type { NotificationItem } from "../../../shared/inbox";
import { Button } from "../../components/workspace/button";
import { EmptyState } from "../../components/workspace/empty-state";
import { NotificationTable, useRetry } from "../../components/workspace/notifications/notification-table";
import { PageHeader } from "../../components/workspace/page-header";
import { useReloadable } from "../../components/workspace/use-reloadable";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { Route } from "./+types/notifications";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Notifications");
export const handle = workspaceHandle;

function loadNotifications() {
  return workspaceFetch<{ notifications: NotificationItem[] }>("/notifications");
}

export async function clientLoader() {
  return loadNotifications();
}
clientLoader.hydrate = true as const;

const description =
  "E-mails waiting to be sent, and those the mail server kept refusing. A retry sends a dead one again within a minute.";

export function HydrateFallback() {
  return <PageHeader title="Notifications" description={description} />;
}

/** `notifications list` and `notifications retry`, in the browser. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const [{ notifications }, reload] = useReloadable(loaderData, loadNotifications);
  const { busy, retry } = useRetry(reload);
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
        <NotificationTable notifications={notifications} busy={busy} retry={retry} />
      )}
    </>
  );
}

import type { NotificationItem } from "#shared/inbox.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import {
  NotificationTable,
  useRetry,
} from "#client/components/workspace/notifications/notification-table.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/notifications";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

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

/** Pending and dead notification e-mails, and retrying dead ones as `notifications retry` does. */
import { useState } from "react";
import type { NotificationItem } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { bodyCell, bodyRow, DataTable } from "#client/components/workspace/data-table.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";

type Retried = { requeued: number[]; pending: number[] };

export function useRetry(reload: () => Promise<void>) {
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
      await reload();
    } catch (error) {
      toast({
        title: "Could not retry",
        description: apiMessage(error),
      });
    } finally {
      setBusy(null);
    }
  }
  return { busy, retry };
}

export function NotificationTable({
  notifications,
  busy,
  retry,
}: {
  notifications: NotificationItem[];
  busy: number | "all" | null;
  retry: (ids?: number[]) => Promise<void>;
}) {
  return (
    <DataTable
      caption="Pending and dead notification e-mails, newest first"
      columns={["Status", "What", "About", "Queued", "Tries", "Last error", { hidden: "Actions" }]}
    >
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
  );
}

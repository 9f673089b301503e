/** Pending and dead notification e-mails, and retrying dead ones as `notifications retry` does. */
import { useState } from "react";
import type { NotificationItem } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { actionColumn, DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
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

/** "the “Meeting reminder” e-mail about Thandi Nkosi <thandi@example.co.za>": by what it is and whom it is about. */
const emailName = (row: NotificationItem) =>
  `the “${row.what}” e-mail${row.about ? ` about ${row.about}` : ""}`;

export function NotificationTable({
  notifications,
  busy,
  retry,
}: {
  notifications: NotificationItem[];
  busy: number | "all" | null;
  retry: (ids?: number[]) => Promise<void>;
}) {
  const columns: readonly TableColumn<NotificationItem>[] = [
    {
      header: "Status",
      card: "status",
      cell: (row) => (
        <StatusBadge tone={row.status === "dead" ? "danger" : "info"}>
          {row.status === "dead" ? "Dead" : "Pending"}
        </StatusBadge>
      ),
    },
    { header: "What", card: "meta", cell: (row) => row.what },
    { header: "About", card: "title", className: "break-all", cell: (row) => row.about },
    {
      header: "Queued",
      card: "meta",
      className: "whitespace-nowrap",
      cell: (row) => formatWhen(row.createdAt),
    },
    { header: "Tries", card: "meta", cell: (row) => row.attempts },
    {
      header: "Last error",
      card: "meta",
      className: "max-w-xs text-sm text-ink-soft wrap-anywhere",
      cell: (row) => row.lastError,
    },
    actionColumn((row) =>
      row.status === "dead" ? (
        <Button
          variant="quiet"
          busy={busy === row.id}
          aria-label={`Retry ${emailName(row)}`}
          onClick={() => void retry([row.id])}
        >
          Retry
        </Button>
      ) : null,
    ),
  ];
  return (
    <DataTable
      caption="Pending and dead notification e-mails, newest first"
      columns={columns}
      rows={notifications}
      rowKey={(row) => row.id}
      rowName={emailName}
    />
  );
}

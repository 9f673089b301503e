/** An item's state as a badge: Published, Draft, or Scheduled with its time beside it (which may wrap). */
import { formatPublishTime } from "#shared/publish-time.ts";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";

export function PublishState({ item }: { item: { status: string; publishAt: string | null } }) {
  if (item.status === "published") return <StatusBadge tone="success">Published</StatusBadge>;
  if (!item.publishAt) return <StatusBadge tone="warning">Draft</StatusBadge>;
  return (
    <span>
      <StatusBadge tone="info">Scheduled</StatusBadge>{" "}
      <span className="text-sm text-ink-soft">for {formatPublishTime(item.publishAt)}</span>
    </span>
  );
}

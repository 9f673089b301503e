/** A lead's history, newest first: status changes with who and why, assignments and read marks. */
import type { ReactNode } from "react";
import type { ActivityEntry, HistoryEntry } from "#shared/inbox.ts";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

/** `order`: within one instant, status changes (kept oldest first) before audited events, each in its own order. */
type Line = { at: string; key: string; order: number; content: ReactNode; note?: string | null };

function activityText(entry: ActivityEntry): string {
  if (entry.kind === "assigned") {
    return entry.to
      ? `Assigned to ${entry.to} by ${entry.by}`
      : `Unassigned (was ${entry.from ?? "nobody"}) by ${entry.by}`;
  }
  return entry.kind === "read" ? `Read by ${entry.by}` : `Marked unread by ${entry.by}`;
}

function linesOf(history: HistoryEntry[], activity: ActivityEntry[]): Line[] {
  const changes = history.map((change, index) => ({
    at: change.changedAt,
    key: `status-${index}`,
    order: index,
    content: (
      <>
        <StatusBadge>{change.status}</StatusBadge> by {change.changedBy}
      </>
    ),
    note: change.note,
  }));
  const events = activity.map((entry, index) => ({
    at: entry.at,
    key: `activity-${index}`,
    order: history.length + index,
    content: activityText(entry),
  }));
  // Newest first; for one instant, the later record first.
  return [...changes, ...events].sort((a, b) => b.at.localeCompare(a.at) || b.order - a.order);
}

export function StatusHistory({
  history,
  activity = [],
}: {
  history: HistoryEntry[];
  activity?: ActivityEntry[];
}) {
  const lines = linesOf(history, activity);
  return (
    <TitledSection id="history" title="History" className="space-y-3">
      {lines.length === 0 ? (
        <p className="text-ink-soft">No status changes, assignments or reads yet.</p>
      ) : (
        <ol className="space-y-3">
          {lines.map((line) => (
            <li key={line.key} className="rounded-control border border-line p-3">
              <p className="text-ink">
                {line.content}, <time dateTime={line.at}>{formatWhen(line.at)}</time>
              </p>
              {line.note ? <p className="mt-1 whitespace-pre-line text-ink">{line.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </TitledSection>
  );
}

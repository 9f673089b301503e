/** A lead's status changes, newest first, with who made each and why. */
import type { HistoryEntry } from "#shared/inbox.ts";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function StatusHistory({ history }: { history: HistoryEntry[] }) {
  return (
    <TitledSection id="history" title="History" className="space-y-3">
      {history.length === 0 ? (
        <p className="text-ink-soft">No status changes yet.</p>
      ) : (
        <ol className="space-y-3">
          {[...history].reverse().map((change) => (
            <li
              key={`${change.changedAt}-${change.status}`}
              className="rounded-control border border-line p-3"
            >
              <p className="text-ink">
                <StatusBadge>{change.status}</StatusBadge> by {change.changedBy},{" "}
                <time dateTime={change.changedAt}>{formatWhen(change.changedAt)}</time>
              </p>
              {change.note ? <p className="mt-1 whitespace-pre-line text-ink">{change.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </TitledSection>
  );
}

import type { FieldChange } from "#shared/staff-history.ts";
import { StatusBadge, type BadgeTone } from "#client/components/workspace/status-badge.tsx";

/**
 * What a revision changed, a field at a time: its label, whether it changed, came or
 * went, and the words removed (struck through) and added (underlined). Screen readers
 * hear "removed:" and "added:" before each, as <del> and <ins> are not announced.
 */

const badges: Record<FieldChange["change"], { tone: BadgeTone; text: string }> = {
  changed: { tone: "info", text: "Changed" },
  added: { tone: "success", text: "Added" },
  removed: { tone: "danger", text: "Removed" },
};

const textBlock = "mt-1 rounded-control border border-line bg-surface p-2 whitespace-pre-wrap break-words";

function Removed({ children }: { children: string }) {
  return (
    <del className="bg-danger-soft text-ink decoration-2">
      <span className="sr-only">removed: </span>
      {children}
    </del>
  );
}

function Added({ children }: { children: string }) {
  return (
    <ins className="bg-success-soft text-ink decoration-2">
      <span className="sr-only">added: </span>
      {children}
    </ins>
  );
}

function ChangedText({ change }: { change: FieldChange }) {
  if (change.words) {
    return (
      <p className={textBlock}>
        {change.words.map((word, index) =>
          word.removed ? (
            <Removed key={index}>{word.text}</Removed>
          ) : word.added ? (
            <Added key={index}>{word.text}</Added>
          ) : (
            <span key={index}>{word.text}</span>
          ),
        )}
      </p>
    );
  }
  return (
    <>
      {change.before !== undefined ? (
        <p className={textBlock}>
          <span className="font-semibold">Before: </span>
          <Removed>{change.before || "(empty)"}</Removed>
        </p>
      ) : null}
      {change.after !== undefined ? (
        <p className={textBlock}>
          <span className="font-semibold">After: </span>
          <Added>{change.after || "(empty)"}</Added>
        </p>
      ) : null}
    </>
  );
}

export function FieldChanges({ changes, empty }: { changes: FieldChange[]; empty: string }) {
  if (changes.length === 0) return <p className="text-ink-soft">{empty}</p>;
  return (
    <ul className="space-y-3">
      {changes.map((change) => (
        <li key={`${change.path}-${change.change}`} className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink">{change.label}</span>
            <StatusBadge tone={badges[change.change].tone}>{badges[change.change].text}</StatusBadge>
          </p>
          <ChangedText change={change} />
        </li>
      ))}
    </ul>
  );
}

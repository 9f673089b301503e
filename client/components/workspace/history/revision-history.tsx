import { useCallback, useState } from "react";
import type { FieldChange, RevisionEntry, RevisionHistory } from "#shared/staff-history.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { StepUpProvider, useStepUp } from "#client/components/workspace/account/step-up-dialog.tsx";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { FieldChanges } from "./field-changes";

/**
 * The history of anything visitors read (docs/decisions/041-revisions.md): every saved
 * version newest first, who saved it and when (agency time), what it changed, and a
 * "Restore this version" that asks first. After a restore the list reloads and
 * `onRestored` lets the page show the restored state.
 *
 *   <RevisionHistoryPanel initial={history} onRestored={reload} />
 */

const errorText = (caught: unknown) =>
  caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server. Try again.";

export const historyApiPath = (target: string) => `/revisions?target=${encodeURIComponent(target)}`;

/** What restoring a version would change now, asked for when wanted. */
function CompareWithCurrent({ target, revision }: { target: string; revision: number }) {
  const [changes, setChanges] = useState<FieldChange[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function compare() {
    setBusy(true);
    setError("");
    try {
      const answer = await workspaceFetch<{ changes: FieldChange[] }>(
        `/revisions/compare?target=${encodeURIComponent(target)}&revision=${revision}`,
      );
      setChanges(answer.changes);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (changes) {
    return (
      <div className="mt-3 space-y-2">
        <h4 className="font-semibold text-ink">Restoring it would change</h4>
        <FieldChanges changes={changes} empty="Nothing: it is the same as the current version." />
      </div>
    );
  }
  return (
    <div className="mt-3">
      <Button variant="quiet" busy={busy} onClick={() => void compare()}>
        Compare with the current version
      </Button>
      {error ? <Notice tone="danger">{error}</Notice> : null}
    </div>
  );
}

function RevisionItem({
  target,
  entry,
  current,
  first,
  onRestore,
}: {
  target: string;
  entry: RevisionEntry;
  current: boolean;
  first: boolean;
  onRestore: (entry: RevisionEntry) => Promise<void>;
}) {
  const when = formatWhen(entry.savedAt);
  const count = entry.changes.length;
  return (
    <li className="rounded-card border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {when}
            {current ? <StatusBadge tone="brand">Current version</StatusBadge> : null}
          </h3>
          <p className="break-words text-ink-soft">
            By {entry.actor} · Revision {entry.number}
            {entry.note ? ` · ${entry.note}` : ""}
          </p>
        </div>
        {current ? null : (
          <ConfirmButton
            label="Restore this version"
            accessibleLabel={`Restore this version (saved ${when})`}
            title="Restore this version?"
            confirmLabel="Restore"
            variant="secondary"
            onConfirm={() => onRestore(entry)}
          >
            It goes back to how it was on {when}; if it is published, visitors see it at once. The version
            showing now stays in the history, so you can put it back too.
          </ConfirmButton>
        )}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-ink">
          {first ? "What it was" : `What changed (${count === 1 ? "1 field" : `${count} fields`})`}
        </summary>
        <div className="mt-3">
          <FieldChanges changes={entry.changes} empty="Saved without a change." />
        </div>
        {current ? null : <CompareWithCurrent target={target} revision={entry.id} />}
      </details>
    </li>
  );
}

/** The page's loader fetches a target's history with this; the panel reloads it after a restore. */
export const loadHistory = (target: string) => workspaceFetch<RevisionHistory>(historyApiPath(target));

type PanelProps = {
  initial: RevisionHistory;
  onRestored?: () => Promise<void> | void;
  title?: string;
};

/**
 * Restoring a version that moves the agency inbox or the sender needs a proof from the
 * last 5 minutes (decision 048): the panel brings its own "Confirm it's you", whatever
 * page it is on.
 */
export function RevisionHistoryPanel(props: PanelProps) {
  return (
    <StepUpProvider>
      <HistoryPanel {...props} />
    </StepUpProvider>
  );
}

function HistoryPanel({ initial, onRestored, title = "History" }: PanelProps) {
  const withStepUp = useStepUp();
  const { target } = initial;
  const [history, setHistory] = useState(initial);
  const [error, setError] = useState("");

  const load = useCallback(async () => {
    try {
      setHistory(await loadHistory(target));
      setError("");
    } catch (caught) {
      setError(errorText(caught));
    }
  }, [target]);

  async function restore(entry: RevisionEntry) {
    try {
      const done = await withStepUp(() =>
        workspaceFetch<{ restored: number; revision: number }>("/revisions/restore", {
          body: { json: { target, revision: entry.id } },
        }),
      );
      toast({
        variant: "success",
        title: `Restored the version of ${formatWhen(entry.savedAt)}`,
        description: `Kept as revision ${done.revision}. If it is published, visitors see it now.`,
      });
      await load();
      await onRestored?.();
    } catch (caught) {
      toast({ title: "Could not restore that version", description: errorText(caught) });
    }
  }

  const { revisions } = history;
  return (
    <TitledSection id="history" title={title}>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      {revisions.length === 0 ? (
        <p className="text-ink-soft">No versions kept yet: each save from now on keeps one.</p>
      ) : null}
      {revisions.length > 0 ? (
        <ol className="space-y-4" aria-label="Saved versions, newest first">
          {revisions.map((entry, index) => (
            <RevisionItem
              key={entry.id}
              target={target}
              entry={entry}
              current={index === 0}
              first={index === revisions.length - 1}
              onRestore={restore}
            />
          ))}
        </ol>
      ) : null}
    </TitledSection>
  );
}

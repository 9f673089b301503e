/** What an item's form says about its own saving and about the others editing it (use-editing.ts). */
import { AGENCY_TIME_ZONE } from "#shared/agency-time-zone.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import type { AutosaveStatus, EditorState, NewerVersion } from "./use-editing";

const clock = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: AGENCY_TIME_ZONE });
export const timeOf = (iso: string) => clock.format(new Date(iso));

/** "Saved 14:32": polite, so it is read out between keystrokes, not over them. */
export function SaveStatus({ status }: { status: AutosaveStatus }) {
  const text =
    status.state === "saving"
      ? "Saving a draft…"
      : status.state === "saved"
        ? status.draft
          ? `Saved ${timeOf(status.at)} as your draft. Visitors do not see it until you save or publish.`
          : `Saved ${timeOf(status.at)}.`
        : status.state === "failed"
          ? status.message
          : "";
  return (
    <p
      aria-live="polite"
      className={`min-h-6 text-sm ${status.state === "failed" ? "text-danger" : "text-ink-soft"}`}
    >
      {text}
    </p>
  );
}

/** "Sipho is editing this too": from a minute of signs of life. */
export function OthersEditing({ others }: { others: EditorState["others"] }) {
  if (others.length === 0) return null;
  const names = others.map((other) => other.author);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    <Notice tone="warning" title={`${list} ${names.length === 1 ? "is" : "are"} editing this too`}>
      Whoever saves first keeps their version; the other is shown both before anything is overwritten.
    </Notice>
  );
}

/** Above an editing form: who else is editing it, and the text this browser kept from before, offered back to `onRestore`. */
export function EditingNotices<V>({
  kept,
  onRestore,
}: {
  kept: {
    others: EditorState["others"];
    offered: { at: string } | null;
    restore(): V | undefined;
    discardOffer(): void;
  };
  onRestore(values: V): void;
}) {
  return (
    <>
      <OthersEditing others={kept.others} />
      {kept.offered ? (
        <RestoreOffer
          at={kept.offered.at}
          onRestore={() => {
            const restored = kept.restore();
            if (restored) onRestore(restored);
          }}
          onDiscard={kept.discardOffer}
        />
      ) : null}
    </>
  );
}

/** The text this browser kept from before, offered back. */
function RestoreOffer({ at, onRestore, onDiscard }: { at: string; onRestore(): void; onDiscard(): void }) {
  return (
    <Notice tone="info" title="You have unsaved text here">
      <p>This browser kept what you typed at {timeOf(at)}, which was not saved.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onRestore}>Restore your unsaved text</Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard it
        </Button>
      </div>
    </Notice>
  );
}

/** Every text of a document by its dotted path ("hero.title", "tags.1"); an image by its file. */
function flatten(value: unknown, prefix = "", into: Map<string, string> = new Map()): Map<string, string> {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    into.set(prefix, String(value));
  } else if (Array.isArray(value) && value.every((entry) => typeof entry === "string")) {
    into.set(prefix, value.join("\n"));
  } else if (typeof value === "object" && value !== null && "src" in value && typeof value.src === "string") {
    into.set(prefix, value.src);
  } else if (Array.isArray(value)) {
    value.forEach((entry, index) => flatten(entry, prefix ? `${prefix}.${index}` : String(index), into));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, entry] of Object.entries(value)) flatten(entry, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

/** The field's own label in the form, for a path ("Headline"), else the path in words. */
function labelIn(form: ParentNode | null, name: string, path: string): string {
  const control = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);
  const label = control?.labels?.[0]?.textContent?.replace(/\s*\(optional\)$/, "").trim();
  return label || path.replace(/[._]/g, " ");
}

/**
 * A save refused because someone saved a newer version: both versions, field by field
 * where they differ, then keep yours (saved over theirs, knowingly) or take theirs.
 */
export function ConflictPanel({
  conflict,
  mine,
  fieldName,
  onKeepMine,
  onTakeTheirs,
  busy,
}: {
  conflict: NewerVersion;
  mine: unknown;
  fieldName: (path: string) => string;
  onKeepMine(): void;
  onTakeTheirs(): void;
  busy: boolean;
}) {
  const theirs = flatten(conflict.document);
  const yours = flatten(mine);
  const paths = [...yours.keys()].filter((path) => (theirs.get(path) ?? "") !== yours.get(path));
  return (
    <section
      aria-labelledby="newer-version-title"
      className="rounded-card border-2 border-warning bg-surface p-4 text-ink"
    >
      <h2 id="newer-version-title" className="text-lg font-bold">
        {conflict.savedBy} saved a newer version at {timeOf(conflict.savedAt)}
      </h2>
      <p className="mt-1 text-ink-soft">Nothing was overwritten. Here are both versions where they differ.</p>
      {paths.length === 0 ? (
        <p className="mt-3">Their version has the same words as yours.</p>
      ) : (
        <dl className="mt-3 space-y-4">
          {paths.map((path) => (
            <div key={path}>
              <dt className="font-semibold">
                {labelIn(typeof document === "undefined" ? null : document, fieldName(path), path)}
              </dt>
              <dd className="mt-1 grid gap-2 sm:grid-cols-2">
                <div className="rounded-control border border-line p-2">
                  <p className="text-sm font-semibold text-ink-soft">Their version</p>
                  <p className="whitespace-pre-wrap">{theirs.get(path) || "(empty)"}</p>
                </div>
                <div className="rounded-control border border-line p-2">
                  <p className="text-sm font-semibold text-ink-soft">Your version</p>
                  <p className="whitespace-pre-wrap">{yours.get(path) || "(empty)"}</p>
                </div>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button busy={busy} onClick={onKeepMine}>
          Keep my version
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs}>
          Take their version
        </Button>
      </div>
    </section>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { useUnsavedChanges } from "#client/components/workspace/unsaved-changes.tsx";

/**
 * An item's form that never loses its text (docs/decisions/065-never-lose-work.md) and
 * knows who else is editing it (066-concurrent-editing.md), for page copy, projects, news
 * and case studies alike:
 *
 * - a few seconds after typing stops, the form's values are kept on the server as the
 *   person's own draft (never published), and the page says when;
 * - until the server has them, they are kept in this browser too, so a closed tab or a
 *   crash offers them back when the form is opened again;
 * - the leave guard asks while anything typed is in neither place;
 * - who else has the form open is asked every 20 seconds;
 * - the version the form was loaded with goes with its save, which is refused when
 *   someone saved a newer one.
 */
export type EditorState = {
  draft: { document: unknown; savedAt: string } | null;
  others: Array<{ author: string; seenAt: string }>;
  version: number | null;
};

export const loadEditing = (target: string) =>
  workspaceFetch<EditorState>(`/editing?target=${encodeURIComponent(target)}`);

/** A save refused because someone saved a newer version (409 with `conflict`). */
export type NewerVersion = { version: number; savedBy: string; savedAt: string; document: unknown };

/** Seconds after the last keystroke before the draft is sent. */
export const AUTOSAVE_DELAY_MS = 3_000;
const PRESENCE_EVERY_MS = 20_000;

/** The browser's copy, per person and item: a shared computer does not offer one person's text to another. */
const localKey = (email: string, target: string) => `workspace-unsaved:${email}:${target}`;

type LocalCopy<V> = { values: V; at: string };

function readLocal<V>(key: string): LocalCopy<V> | null {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<LocalCopy<V>>;
    return parsed.values !== undefined && typeof parsed.at === "string"
      ? { values: parsed.values, at: parsed.at }
      : null;
  } catch {
    // Storage turned off, full, or a copy from an older form: nothing to offer.
    return null;
  }
}

function writeLocal(key: string, copy: LocalCopy<unknown> | null): void {
  try {
    if (copy) window.localStorage.setItem(key, JSON.stringify(copy));
    else window.localStorage.removeItem(key);
  } catch {
    // A browser that keeps nothing still has the server's draft.
  }
}

export type AutosaveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: string; draft: boolean }
  | { state: "failed"; message: string };

/**
 * The browser's copy of the form: the one from before is offered back once when it differs
 * from what opened, and the copy follows the form while the server does not hold it.
 */
function useLocalCopy<V>(key: string | undefined, loaded: V, current: string, unkept: boolean) {
  // The browser's copy from before, offered back once when it differs from what opened.
  const [offered, setOffered] = useState<LocalCopy<V> | null>(null);
  useEffect(() => {
    if (!key) return;
    const copy = readLocal<V>(key);
    if (copy && JSON.stringify(copy.values) !== JSON.stringify(loaded)) setOffered(copy);
    else writeLocal(key, null);
    // Once, when the form opens.
  }, [key]);

  // The browser's copy follows the form while the server does not hold it.
  useEffect(() => {
    if (!key || offered) return;
    const timer = window.setTimeout(() => {
      writeLocal(key, unkept ? { values: JSON.parse(current) as V, at: new Date().toISOString() } : null);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [key, current, unkept, offered]);
  return [offered, setOffered] as const;
}

/**
 * The server's draft, a few seconds after typing stops. A draft and a save never travel
 * together: the server would apply them in either order, and a draft stored after the
 * save that removed it would come back as "your draft" of text already saved.
 */
function useDraftAutosave(
  target: string | undefined,
  current: string,
  unkept: boolean,
  setKept: (kept: string) => void,
  setStatus: (status: AutosaveStatus) => void,
) {
  const sending = useRef<Promise<unknown> | null>(null);
  const saving = useRef(false);
  useEffect(() => {
    if (!target || !unkept) return;
    const timer = window.setTimeout(() => {
      if (sending.current || saving.current) return;
      setStatus({ state: "saving" });
      sending.current = workspaceFetch<{ savedAt: string }>("/editing/draft", {
        body: { json: { target, document: JSON.parse(current) as unknown } },
        quiet: true,
      })
        .then((saved) => {
          setKept(current);
          setStatus({ state: "saved", at: saved.savedAt, draft: true });
        })
        .catch((caught: unknown) => {
          setStatus({
            state: "failed",
            message:
              caught instanceof WorkspaceApiError && caught.status === 401
                ? "Not saved as a draft: you are signed out. Your text is kept in this browser until you save."
                : "Could not save a draft just now. Your text is kept in this browser; it is tried again as you type.",
          });
        })
        .finally(() => {
          sending.current = null;
        });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target, current, unkept]);
  return { sending, saving };
}

/** Who else is here, while the form is open: asked every 20 seconds, and told when it closes. */
function usePresence(target: string | undefined, initial: EditorState["others"]) {
  const [others, setOthers] = useState(initial);
  useEffect(() => {
    if (!target) return;
    const ask = () =>
      void workspaceFetch<EditorState>(`/editing?target=${encodeURIComponent(target)}`, { quiet: true }).then(
        (state) => setOthers(state.others),
        () => undefined,
      );
    const timer = window.setInterval(ask, PRESENCE_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      void workspaceFetch("/editing/close", { body: { json: { target } }, quiet: true }).catch(
        () => undefined,
      );
    };
  }, [target]);
  return others;
}

export function useEditing<V>({
  target,
  email,
  initial,
  values,
  loaded,
}: {
  /** "page:home", "news/<id>"; undefined for a new item, which has nothing to keep yet. */
  target: string | undefined;
  email: string;
  initial: EditorState | null;
  /** The form's values now. */
  values: V;
  /** The values the form opened with (the saved item, or the draft kept last time). */
  loaded: V;
}) {
  const [version, setVersion] = useState(initial?.version ?? null);
  const [status, setStatus] = useState<AutosaveStatus>(() =>
    initial?.draft ? { state: "saved", at: initial.draft.savedAt, draft: true } : { state: "idle" },
  );
  // What the server holds of this form (a draft or the saved item), as JSON.
  const [kept, setKept] = useState(() => JSON.stringify(loaded));
  const current = JSON.stringify(values);
  const unkept = current !== kept;
  useUnsavedChanges(unkept);

  const key = target ? localKey(email, target) : undefined;
  const [offered, setOffered] = useLocalCopy(key, loaded, current, unkept);
  const { sending, saving } = useDraftAutosave(target, current, unkept, setKept, setStatus);
  const others = usePresence(target, initial?.others ?? []);

  /**
   * Runs a save (its request, and the sign-in over the form if the session ended) once any
   * draft on its way has arrived, and holds new drafts back until it is done.
   */
  const whileSaving = useCallback(async <T>(run: () => Promise<T>): Promise<T> => {
    saving.current = true;
    try {
      await sending.current?.catch(() => undefined);
      return await run();
    } finally {
      saving.current = false;
    }
  }, []);

  /** After a save for real: the server holds these values, at this version. */
  const markSaved = useCallback(
    (savedValues: V, newVersion: number | null | undefined) => {
      setKept(JSON.stringify(savedValues));
      if (newVersion !== undefined) setVersion(newVersion);
      setStatus({ state: "saved", at: new Date().toISOString(), draft: false });
      if (key) writeLocal(key, null);
    },
    [key],
  );

  /** "Restore your unsaved text": answers the values to put back. */
  const restore = useCallback(() => {
    const copy = offered;
    setOffered(null);
    return copy?.values;
  }, [offered]);

  const discardOffer = useCallback(() => {
    setOffered(null);
    if (key) writeLocal(key, null);
  }, [key]);

  /** Throws the server's draft and this browser's copy away, before the page reloads the saved item. */
  const discardDraft = useCallback(async () => {
    if (key) writeLocal(key, null);
    setKept(current);
    if (target) await workspaceFetch("/editing/discard", { body: { json: { target } } });
  }, [key, target, current]);

  return {
    version,
    setVersion,
    others,
    status,
    offered,
    restore,
    discardOffer,
    markSaved,
    discardDraft,
    whileSaving,
  };
}

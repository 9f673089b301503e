import {
  dropEditorDraft,
  findEditorDraft,
  latestRevision,
  listEditing,
  markEditing,
  saveEditorDraft,
  stopEditing,
  type EditorDraftRecord,
} from "#server/db/editing.ts";
import { findContent } from "#server/db/content-items.ts";
import type { Db } from "#server/db/database.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, notFound, refuse, succeeded, type Outcome, type Refusal } from "#shared/outcome.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { isContentKind } from "#shared/content-fields.ts";
import { isCopyPageName } from "#shared/copy/copy-pages.ts";

/**
 * Editing an item in the workspace without losing work or overwriting a colleague's
 * (docs/decisions/065-never-lose-work.md, 066-concurrent-editing.md): a form's text saved
 * by itself as the person's own draft, never published; who else has the same form open;
 * and the check that a save starts from the newest saved version.
 */
export type EditingContext = Pick<OperationContext, "db" | "actor" | "now">;

/** How long an open form counts as open without a sign of life from it. */
export const PRESENCE_WINDOW_MS = 60_000;

/** A draft is a form's values; this is far above the largest form (a 50,000-character article). */
export const EDITOR_DRAFT_MAX_CHARS = 400_000;

/** "page:home" or "news/<id>" of an item that exists; anything else is not one to edit. */
async function checkTarget(db: Db, target: string): Promise<Outcome<string>> {
  const page = /^page:(.+)$/.exec(target)?.[1];
  if (page !== undefined) return isCopyPageName(page) ? succeeded(target) : notFound(`unknown page ${page}`);
  const [kind, id, ...rest] = target.split("/");
  if (kind && id && rest.length === 0 && isContentKind(kind) && (await findContent(db, kind, id)))
    return succeeded(target);
  return notFound(`nothing to edit at ${target}`);
}

export type EditorState = {
  /** The person's own text saved by itself, not yet saved for real. */
  draft: EditorDraftRecord | null;
  /** Others with the form open in the last minute. */
  others: Array<{ author: string; seenAt: string }>;
  /** The newest saved version, which the form's save must start from (null: none yet). */
  version: number | null;
};

/** Opening (and keeping open) a form: noted as present; answers the own draft, who else is here, and the version. */
export async function openEditor(ctx: EditingContext, target: string): Promise<Outcome<EditorState>> {
  const now = ctx.now();
  const checked = await checkTarget(ctx.db, target);
  if (!checked.ok) return checked;
  const author = ctx.actor.actor;
  await markEditing(ctx.db, target, author, now);
  const [draft, others, latest] = await Promise.all([
    findEditorDraft(ctx.db, target, author),
    listEditing(ctx.db, target, author, new Date(now.getTime() - PRESENCE_WINDOW_MS)),
    latestRevision(ctx.db, target),
  ]);
  return succeeded({ draft: draft ?? null, others, version: latest?.id ?? null });
}

/** The form was closed: no longer shown to others as here. */
export async function closeEditor(ctx: EditingContext, target: string): Promise<void> {
  await stopEditing(ctx.db, target, ctx.actor.actor);
}

/** Keeps the form's text as the person's own draft: unchecked, never shown to visitors. */
export async function autosaveDraft(
  ctx: EditingContext,
  target: string,
  document: unknown,
): Promise<Outcome<{ savedAt: string }>> {
  const now = ctx.now();
  if (typeof document !== "object" || document === null) return refuse("the draft must be the form's fields");
  if (JSON.stringify(document).length > EDITOR_DRAFT_MAX_CHARS)
    return refuse("The text is too long to keep as a draft. Shorten it, then save.");
  const checked = await checkTarget(ctx.db, target);
  if (!checked.ok) return checked;
  await markEditing(ctx.db, target, ctx.actor.actor, now);
  return succeeded({
    savedAt: await saveEditorDraft(ctx.db, { target, author: ctx.actor.actor, document }, now),
  });
}

/** Throws the person's own draft away (saved for real, or "Discard"). */
export async function discardDraft(ctx: EditingContext, target: string): Promise<void> {
  await dropEditorDraft(ctx.db, target, ctx.actor.actor);
}

/** The newer version a stale save would have overwritten, for the form to show beside its own. */
export type NewerVersion = { version: number; savedBy: string; savedAt: string; document: unknown };

/**
 * A save made from `base` (the version the form was loaded with) is taken only while that
 * is still the newest; `undefined` (the CLI, which reads and writes at once) skips the check.
 */
export async function checkUnchangedSince(
  db: Db,
  target: string,
  base: number | null | undefined,
): Promise<Refusal | undefined> {
  if (base === undefined) return undefined;
  const latest = await latestRevision(db, target);
  if ((latest?.id ?? null) === base) return undefined;
  const who = latest?.actor ?? "Someone";
  const when = latest ? ` at ${formatLocalDateTime(latest.savedAt).slice(11)}` : "";
  return failed(
    "conflict",
    `${who} saved a newer version${when} while you were editing. Nothing was overwritten: compare the two versions below, then keep yours or take theirs.`,
  );
}

/** The newest saved version of `target`, for the refusal of a stale save. */
export async function newerVersionOf(db: Db, target: string): Promise<NewerVersion | undefined> {
  const latest = await latestRevision(db, target);
  return (
    latest && {
      version: latest.id,
      savedBy: latest.actor,
      savedAt: latest.savedAt,
      document: latest.document,
    }
  );
}

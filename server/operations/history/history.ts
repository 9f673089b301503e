import { findRevision, listRevisions, type RevisionRecord } from "#server/db/history.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, notFound, type Outcome } from "#shared/outcome.ts";
import type { FieldChange, RevisionEntry, RevisionHistory } from "#shared/staff-history.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { mayUse } from "#shared/staff-roles.ts";
import { diffDocuments } from "./revision-diff";
import type { RevisionKind } from "./revision-kind";
import { revisionKinds } from "./revision-kinds";

/**
 * History and restore of everything visitors read (docs/decisions/041-revisions.md), for
 * the CLI and the workspace alike, whatever the kind of target: each kind in
 * revision-kinds.ts says who may see it and how to read and save it.
 */

export type ResolvedTarget = { target: string; kind: RevisionKind };

/** The target a name stands for ("home", "page:home", "settings", "news/launch-day"). */
export function resolveTarget(name: string): Outcome<ResolvedTarget> {
  const trimmed = name.trim();
  for (const kind of revisionKinds) {
    const target = kind.resolve(trimmed);
    if (target) return { ok: true, value: { target, kind } };
  }
  const names = revisionKinds.map((kind) => kind.names).join("; or ");
  return notFound(`nothing called "${trimmed}" keeps a history; name ${names}`);
}

/** Resolves a name for a member of staff, refusing a target their role may not see. */
export function resolveTargetFor(name: string, role: StaffRole): Outcome<ResolvedTarget> | "forbidden" {
  const resolved = resolveTarget(name);
  if (resolved.ok && !mayUse(role, resolved.value.kind.area)) return "forbidden";
  return resolved;
}

function entryOf(
  revision: RevisionRecord,
  previous: RevisionRecord | undefined,
  kind: RevisionKind,
  target: string,
  number: number,
) {
  const entry: RevisionEntry = {
    id: revision.id,
    number,
    savedAt: revision.savedAt,
    actor: revision.actor,
    note: revision.note,
    changes: diffDocuments(previous?.document, revision.document, kind.labelsFor?.(target)),
  };
  return entry;
}

/** A target's revisions newest first, each with what it changed from the one before. */
export async function showHistory(ctx: OperationContext, resolved: ResolvedTarget): Promise<RevisionHistory> {
  const { target, kind } = resolved;
  const revisions = await listRevisions(ctx.db, target);
  return {
    target,
    ...(await kind.describe(ctx, target)),
    revisions: revisions.map((revision, index) =>
      entryOf(revision, revisions[index + 1], kind, target, revisions.length - index),
    ),
  };
}

/** What restoring a revision would change in the target as it is now. */
export async function compareWithCurrent(
  ctx: OperationContext,
  resolved: ResolvedTarget,
  revisionId: number,
): Promise<Outcome<FieldChange[]>> {
  const { target, kind } = resolved;
  const revision = await findRevision(ctx.db, target, revisionId);
  if (!revision) return notFound(`there is no revision ${revisionId} of ${target}`);
  const current = await kind.read(ctx, target);
  return { ok: true, value: diffDocuments(current, revision.document, kind.labelsFor?.(target)) };
}

/**
 * Puts a revision back: saved through the kind's own operation, checked as any save is,
 * with the note "Restored revision N", so the restore is itself the newest revision.
 */
export async function restoreRevision(
  ctx: OperationContext,
  resolved: ResolvedTarget,
  revisionText: string | number,
): Promise<Outcome<{ target: string; restored: number; revision: number }>> {
  const { target, kind } = resolved;
  const revisionId = Number(revisionText);
  if (!Number.isSafeInteger(revisionId) || revisionId <= 0) {
    return failed("invalid", `"${String(revisionText)}" is not a revision number`);
  }
  const revision = await findRevision(ctx.db, target, revisionId);
  if (!revision) return notFound(`there is no revision ${revisionId} of ${target}`);
  // The note names it by its number in this target's history, as History shows it.
  const number = (await listRevisions(ctx.db, target)).filter((each) => each.id <= revisionId).length;
  const restored = await kind.restore(ctx, target, revision.document, `Restored revision ${number}`);
  if (!restored.ok) return restored;
  const [newest] = await listRevisions(ctx.db, target, { limit: 1 });
  return { ok: true, value: { target, restored: revisionId, revision: newest?.id ?? revisionId } };
}

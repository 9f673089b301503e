import type { Response } from "express";
import type { Db } from "#server/db/database.ts";
import { latestRevision } from "#server/db/editing.ts";
import { newerVersionOf } from "#server/operations/editing/editing.ts";
import type { Refusal } from "#shared/outcome.ts";

/**
 * A form's save carries the version it was loaded with (docs/decisions/066-concurrent-editing.md).
 * Missing: undefined (not checked); null: nothing was saved yet; false: not a version.
 */
export function readBaseVersion(value: unknown): number | null | undefined | false {
  if (value === undefined || value === null) return value;
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : false;
}

/** A save refused as stale: 409, the sentence, and the newer version to show beside the form's own. */
export async function answerStaleSave(
  res: Response,
  db: Db,
  refusal: Refusal,
  target: string,
): Promise<void> {
  res.status(409).json({ error: refusal.message, conflict: (await newerVersionOf(db, target)) ?? null });
}

/** The version a form now holds, after its own save. */
export async function versionOf(db: Db, target: string): Promise<number | null> {
  return (await latestRevision(db, target))?.id ?? null;
}

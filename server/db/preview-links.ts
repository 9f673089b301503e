import type { Kysely, Selectable } from "kysely";
import type { Database, PreviewLinkTable } from "./schema";

/**
 * Preview links as the database keeps them (docs/decisions/050-stored-preview-links.md):
 * found by their token's hash, listed per target, revoked by id. The token never reaches
 * this layer.
 */
export type PreviewLinkRecord = {
  id: number;
  target: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
};

/** A link with the document it shows, for the page that answers it. */
export type PinnedPreviewLink = PreviewLinkRecord & { document: unknown };

type Row = Selectable<PreviewLinkTable>;

const recordOf = (row: Omit<Row, "token_hash" | "document">): PreviewLinkRecord => ({
  id: Number(row.id),
  target: row.target,
  createdAt: row.created_at,
  createdBy: row.created_by,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  revokedBy: row.revoked_by,
});

const listed = [
  "id",
  "target",
  "created_at",
  "created_by",
  "expires_at",
  "revoked_at",
  "revoked_by",
] as const;

/** Keeps a new link; answers its id. */
export async function insertPreviewLink(
  db: Kysely<Database>,
  link: { tokenHash: string; target: string; document: unknown; createdBy: string; expiresAt: Date },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("preview_links")
    .values({
      token_hash: link.tokenHash,
      target: link.target,
      document: JSON.stringify(link.document),
      created_at: now.toISOString(),
      created_by: link.createdBy,
      expires_at: link.expiresAt.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The link whose token has this hash, revoked or expired or not; undefined for none. */
export async function findPreviewLinkByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<PinnedPreviewLink | undefined> {
  const row = await db
    .selectFrom("preview_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row && { ...recordOf(row), document: JSON.parse(row.document) as unknown };
}

export async function findPreviewLink(
  db: Kysely<Database>,
  id: number,
): Promise<PreviewLinkRecord | undefined> {
  const row = await db.selectFrom("preview_links").select(listed).where("id", "=", id).executeTakeFirst();
  return row && recordOf(row);
}

/** Links neither revoked nor expired at `now`, of one target or all, newest first. */
export async function listLivePreviewLinks(
  db: Kysely<Database>,
  now: Date,
  target?: string,
): Promise<PreviewLinkRecord[]> {
  let query = db
    .selectFrom("preview_links")
    .select(listed)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc");
  if (target !== undefined) query = query.where("target", "=", target);
  return (await query.execute()).map(recordOf);
}

/** Marks a link revoked; false when it was already (two revokes at once: one wins). */
export async function markPreviewLinkRevoked(
  db: Kysely<Database>,
  id: number,
  actor: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("preview_links")
    .set({ revoked_at: now.toISOString(), revoked_by: actor })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets a target's links, with the item they show (its removal). */
export async function deletePreviewLinks(db: Kysely<Database>, target: string): Promise<void> {
  await db.deleteFrom("preview_links").where("target", "=", target).execute();
}

/**
 * Deletes the links that ended (expired or revoked) before `now`: they open nothing, are
 * listed nowhere, and carry a copy of a draft that need not outlive them. Their making and
 * revoking stay in the audit log.
 */
export async function deleteEndedPreviewLinks(db: Kysely<Database>, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .deleteFrom("preview_links")
    .where((eb) => eb.or([eb("expires_at", "<=", at), eb("revoked_at", "is not", null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** A page's saved copy, parsed from its JSON; a part left undefined was never saved (or was published). */
export type StoredPageCopy = {
  published: unknown;
  draft: unknown;
  updatedAt: string;
  updatedBy: string;
};

const parse = (json: string | null): unknown => (json === null ? undefined : (JSON.parse(json) as unknown));

/** The saved copy of one page; undefined when staff never saved it (it shows the shipped copy). */
export async function findPageCopy(db: Kysely<Database>, page: string): Promise<StoredPageCopy | undefined> {
  const row = await db.selectFrom("page_copy").selectAll().where("page", "=", page).executeTakeFirst();
  return (
    row && {
      published: parse(row.published),
      draft: parse(row.draft),
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    }
  );
}

/**
 * Saves a page's copy: `published` replaces what visitors see and clears any draft (unless
 * `keepDraft`: a restore leaves pending work alone); a `draft` is kept beside the published
 * copy, which stays as it was.
 */
export async function writePageCopy(
  db: Kysely<Database>,
  page: string,
  change: { published: unknown; keepDraft?: boolean } | { draft: unknown },
  actor: string,
  now = new Date(),
): Promise<void> {
  const values =
    "published" in change
      ? {
          published: JSON.stringify(change.published),
          ...(change.keepDraft ? {} : { draft: null }),
        }
      : { draft: JSON.stringify(change.draft) };
  const stamp = { updated_at: now.toISOString(), updated_by: actor };
  await db
    .insertInto("page_copy")
    .values({ page, ...values, ...stamp })
    .onConflict((conflict) => conflict.column("page").doUpdateSet({ ...values, ...stamp }))
    .execute();
}

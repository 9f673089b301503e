import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Each page's saved search snippet (docs/decisions/040-search-snippets.md): one row per
 * page staff changed, its document as JSON. A page without a row shows its own.
 */
export type PageSnippetRecord = {
  page: string;
  document: unknown;
  updatedAt: string;
  updatedBy: string;
};

export async function findPageSnippet(
  db: Kysely<Database>,
  page: string,
): Promise<PageSnippetRecord | undefined> {
  const row = await db.selectFrom("page_snippets").selectAll().where("page", "=", page).executeTakeFirst();
  return row && recordOf(row);
}

export async function listPageSnippets(db: Kysely<Database>): Promise<PageSnippetRecord[]> {
  const rows = await db.selectFrom("page_snippets").selectAll().orderBy("page").execute();
  return rows.map(recordOf);
}

/** Saves a page's snippet whole, over what was there; pass the transaction that records it. */
export async function writePageSnippet(
  db: Kysely<Database>,
  snippet: { page: string; document: unknown; actor: string },
  now = new Date(),
): Promise<void> {
  const values = {
    document: JSON.stringify(snippet.document),
    updated_at: now.toISOString(),
    updated_by: snippet.actor,
  };
  await db
    .insertInto("page_snippets")
    .values({ page: snippet.page, ...values })
    .onConflict((conflict) => conflict.column("page").doUpdateSet(values))
    .execute();
}

/** How many saved snippets show an uploaded image (by its content hash), so its files are kept while one does. */
export async function countSnippetsUsingImage(db: Kysely<Database>, contentHash: string): Promise<number> {
  const row = await db
    .selectFrom("page_snippets")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("document", "like", `%/${contentHash}-%`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function recordOf(row: { page: string; document: string; updated_at: string; updated_by: string }) {
  return {
    page: row.page,
    document: JSON.parse(row.document) as unknown,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

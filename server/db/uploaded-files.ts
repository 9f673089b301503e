import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Uploaded files kept in the database (on PostgreSQL), one row per path. */

/** Stores a file; the primary key on `path` makes a second writer of one name a no-op. */
export async function insertUploadedFile(
  db: Kysely<Database>,
  file: { path: string; contentType: string; content: Buffer; createdAt: string },
): Promise<void> {
  await db
    .insertInto("uploaded_files")
    .values({
      path: file.path,
      content_type: file.contentType,
      content: file.content,
      created_at: file.createdAt,
    })
    .onConflict((conflict) => conflict.column("path").doNothing())
    .execute();
}

/** A stored file's bytes and type, if there is one at `path`. */
export async function selectUploadedFile(db: Kysely<Database>, path: string) {
  return db
    .selectFrom("uploaded_files")
    .select(["content", "content_type"])
    .where("path", "=", path)
    .executeTakeFirst();
}

/** Deletes the file at `path`: whether there was one. */
export async function deleteUploadedFile(db: Kysely<Database>, path: string): Promise<boolean> {
  const result = await db.deleteFrom("uploaded_files").where("path", "=", path).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, Timestamp } from "./schema";

type Db = Kysely<Database>;

/** The tables a visitor's submission lands in; each can hold suspected spam. */
export type SubmissionTable =
  "website_design_leads" | "web_app_leads" | "appointment_requests" | "newsletter_subscribers";

/** Which rows a listing shows: the genuine ones, only the held ones, or all (exports). */
export type SpamFilter = "exclude" | "only" | "include";

/** Narrows a listing of one submission table to `spam` (all rows when it is unset). */
export function filterSpam<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  spam: SpamFilter | undefined,
): SelectQueryBuilder<DB, TB, O> {
  if (spam === undefined || spam === "include") return query;
  // Every submission table has the column; the reference is untyped so one helper serves all four.
  return query.where(sql.ref("suspected_spam"), spam === "only" ? "is not" : "is", null);
}

/**
 * Clears one row's suspicion; answers false when the row does not exist or was not
 * suspected. One statement, so two admins releasing the same row at once cannot both
 * go on to queue its e-mail.
 */
export async function clearSuspicion(db: Db, table: SubmissionTable, id: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ suspected_spam: null })
    .where("id", "=", id)
    .where("suspected_spam", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the submission table holds a row with this id. */
export async function submissionExists(db: Db, table: SubmissionTable, id: number): Promise<boolean> {
  return (await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** Deletes the suspected rows that arrived before `before`; answers how many. */
export async function purgeSuspected(db: Db, table: SubmissionTable, before: Timestamp): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where("suspected_spam", "is not", null)
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

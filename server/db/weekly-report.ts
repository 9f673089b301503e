import type { Kysely } from "kysely";
import { fromDbBoolean, toDbBoolean } from "./dialect";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * Who gets the weekly e-mail (docs/decisions/059-weekly-report.md): the active admins who
 * have not turned it off, each once per week. `staff_users.weekly_report_week` holds the
 * Monday of the last week an account was sent, and is moved on by the same statement that
 * picks the account, so two instances sending at once pick each account once.
 */

function activeAdminsWhoWantIt(db: Db) {
  return db
    .selectFrom("staff_users")
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("weekly_report", "=", toDbBoolean(true));
}

/** The addresses that get the e-mail; with `week`, only those not yet sent that week's. */
export async function selectWeeklyReportRecipients(db: Db, week?: string): Promise<string[]> {
  let query = activeAdminsWhoWantIt(db).select("email");
  if (week !== undefined)
    query = query.where((eb) =>
      eb.or([eb("weekly_report_week", "is", null), eb("weekly_report_week", "<", week)]),
    );
  const rows = await query.orderBy("email").execute();
  return rows.map((row) => row.email);
}

/**
 * Marks the week (its Monday) as sent to every admin who wants the e-mail and answers their
 * addresses: those not yet sent it, or with `again` every one (a send by hand). One update,
 * so an account another sender marked meanwhile is not picked (PostgreSQL checks the row
 * again after the other's commit; SQLite has one writer at a time).
 */
export async function claimWeeklyReportRecipients(
  db: Db,
  week: string,
  options: { again?: boolean } = {},
): Promise<string[]> {
  let query = db
    .updateTable("staff_users")
    .set({ weekly_report_week: week })
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("weekly_report", "=", toDbBoolean(true));
  if (!options.again)
    query = query.where((eb) =>
      eb.or([eb("weekly_report_week", "is", null), eb("weekly_report_week", "<", week)]),
    );
  const rows = await query.returning("email").execute();
  return rows.map((row) => row.email).sort();
}

/** Whether the account gets the weekly e-mail; undefined when there is no such account. */
export async function selectWeeklyReportChoice(db: Db, userId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom("staff_users")
    .select("weekly_report")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? fromDbBoolean(row.weekly_report) : undefined;
}

export async function setWeeklyReportChoice(db: Db, userId: number, on: boolean): Promise<void> {
  await db
    .updateTable("staff_users")
    .set({ weekly_report: toDbBoolean(on) })
    .where("id", "=", userId)
    .execute();
}

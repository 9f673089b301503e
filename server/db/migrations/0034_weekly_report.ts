import type { Kysely } from "kysely";

// The weekly e-mail to admins (docs/decisions/059-weekly-report.md): whether the account
// gets it (on until its holder turns it off), and the week it last went out for, so that
// each admin gets one per week however many instances send at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("staff_users")
    .addColumn("weekly_report", "boolean", (column) => column.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable("staff_users").addColumn("weekly_report_week", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("weekly_report_week").execute();
  await db.schema.alterTable("staff_users").dropColumn("weekly_report").execute();
}

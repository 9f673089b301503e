import { sql, type Kysely } from "kysely";

// When each scheduled job last ran and next runs, apart from who holds its lease
// (docs/decisions/056-short-leases.md): a lease is now seconds long and renewed, so it can
// no longer stand for "the daily sweep ran". The leases of before (up to a day ahead) are
// dropped: an instance still holding one takes a short one at its next renewal, and a dead
// one's no longer holds its jobs. Every job is due once after the deploy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_runs")
    // not null: SQLite lets a text primary key hold null unless told.
    .addColumn("name", "text", (column) => column.primaryKey().notNull())
    .addColumn("last_run_at", "text", (column) => column.notNull())
    .addColumn("next_run_at", "text", (column) => column.notNull())
    .execute();
  await sql`delete from scheduler_leases`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
}

import type { Kysely } from "kysely";

// The agency's one calendar, held by the database (docs/decisions/060-availability-and-slot-claims.md):
// every pending request's hold and every confirmed meeting claims the five-minute cells it
// covers (and the buffer after it), and the primary key lets each cell be claimed once. Two
// visitors, two instances or two staff members racing for one time cannot both win: the
// second insert finds the cell taken, whatever either of them read before. An admin's
// override claims its cells in a lane of its own (the appointment's id), so it is still one
// row per cell and meeting. The availability rules staff edit are one row per rule.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("appointment_slot_claims")
    // The cell's start as a UTC ISO instant, on a five-minute boundary.
    .addColumn("cell", "text", (column) => column.notNull())
    // 0: the calendar; an override's own lane is its appointment's id.
    .addColumn("lane", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("appointment_id", "integer", (column) =>
      column.notNull().references("appointment_requests.id").onDelete("cascade"),
    )
    // "hold" (a pending request) or "meeting" (confirmed).
    .addColumn("kind", "text", (column) => column.notNull())
    // When a hold lapses; null for a meeting.
    .addColumn("expires_at", "text")
    .addPrimaryKeyConstraint("appointment_slot_claims_pkey", ["cell", "lane"])
    .execute();
  await db.schema
    .createIndex("appointment_slot_claims_appointment")
    .on("appointment_slot_claims")
    .column("appointment_id")
    .execute();
  await db.schema
    .createTable("availability_rules")
    .addColumn("name", "text", (column) => column.primaryKey().notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("availability_rules").execute();
  await db.schema.dropTable("appointment_slot_claims").execute();
}

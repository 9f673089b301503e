import type { Kysely } from "kysely";
import type { Database, SlotClaimKind, Timestamp } from "./schema";

/**
 * The agency's calendar as the database keeps it: the availability rules by name, and the
 * five-minute cells each hold and meeting claims (docs/decisions/060-availability-and-slot-claims.md).
 * A cell's primary key (cell, lane) is what stops a double booking: a claim inserts its
 * cells and skips those already taken, and the caller treats any skipped cell as "taken".
 */

type Db = Kysely<Database>;

/** Every stored rule by name; a rule never set is absent (its default applies). */
export async function selectAvailabilityRules(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom("availability_rules").select(["name", "value"]).execute();
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Sets one rule, inserting or replacing it. */
export async function upsertAvailabilityRule(db: Db, name: string, value: string, at: Timestamp) {
  await db
    .insertInto("availability_rules")
    .values({ name, value, updated_at: at })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ value, updated_at: at }))
    .execute();
}

/** A claimed cell with the appointment that claims it, as free times and refusals read it. */
export type ClaimRow = {
  cell: Timestamp;
  appointment_id: number;
  kind: SlotClaimKind;
  name: string;
  scheduled_start: Timestamp | null;
  scheduled_minutes: number | null;
  preferred_date: string;
  preferred_time: string;
};

/** Claims with their appointment's name and times: meetings, and holds not yet lapsed at `now`. */
function liveClaims(db: Db, now: Timestamp) {
  return db
    .selectFrom("appointment_slot_claims as c")
    .innerJoin("appointment_requests as a", "a.id", "c.appointment_id")
    .select([
      "c.cell",
      "c.appointment_id",
      "c.kind",
      "a.name",
      "a.scheduled_start",
      "a.scheduled_minutes",
      "a.preferred_date",
      "a.preferred_time",
    ])
    .where((eb) => eb.or([eb("c.expires_at", "is", null), eb("c.expires_at", ">", now)]));
}

/**
 * The live claims (meetings, and holds not yet lapsed at `now`) on cells from `from` up
 * to `until`, in every lane, soonest first. Cells are UTC ISO strings of one shape, so
 * they compare as text on both engines.
 */
export async function selectLiveClaims(
  db: Db,
  range: { from: Timestamp; until: Timestamp; now: Timestamp },
): Promise<ClaimRow[]> {
  return liveClaims(db, range.now)
    .where("c.cell", ">=", range.from)
    .where("c.cell", "<", range.until)
    .orderBy("c.cell")
    .orderBy("c.appointment_id")
    .execute();
}

/** The live claims of other appointments on any of `cells` (who holds a time staff want). */
export async function selectClaimsOn(
  db: Db,
  cells: readonly Timestamp[],
  now: Timestamp,
  exceptAppointmentId: number,
): Promise<ClaimRow[]> {
  if (cells.length === 0) return [];
  return liveClaims(db, now)
    .where("c.cell", "in", [...cells])
    .where("c.appointment_id", "<>", exceptAppointmentId)
    .orderBy("c.cell")
    .execute();
}

/**
 * Claims `cells` for one appointment in one lane; answers how many it got. Lapsed holds
 * on those cells are removed first, in the same transaction. A cell someone else holds is
 * skipped, not overwritten (ON CONFLICT DO NOTHING on the primary key): on PostgreSQL the
 * insert waits for a concurrent claim of the same cell to commit or roll back, on SQLite
 * writers take turns, so of two claims of one cell exactly one counts it.
 */
export async function insertSlotClaims(
  trx: Db,
  claim: {
    appointmentId: number;
    cells: readonly Timestamp[];
    lane: number;
    kind: SlotClaimKind;
    expiresAt: Timestamp | null;
    now: Timestamp;
  },
): Promise<number> {
  if (claim.cells.length === 0) return 0;
  await trx
    .deleteFrom("appointment_slot_claims")
    .where("cell", "in", [...claim.cells])
    .where("expires_at", "is not", null)
    .where("expires_at", "<=", claim.now)
    .execute();
  const inserted = await trx
    .insertInto("appointment_slot_claims")
    .values(
      claim.cells.map((cell) => ({
        cell,
        lane: claim.lane,
        appointment_id: claim.appointmentId,
        kind: claim.kind,
        expires_at: claim.expiresAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(["cell", "lane"]).doNothing())
    .returning("cell")
    .execute();
  return inserted.length;
}

/** Frees every cell an appointment claims (cancelled, declined, moved, or claiming again). */
export async function deleteSlotClaims(trx: Db, appointmentId: number): Promise<void> {
  await trx.deleteFrom("appointment_slot_claims").where("appointment_id", "=", appointmentId).execute();
}

/** Frees an appointment's hold, not a confirmed meeting (a request declined or judged spam). */
export async function deleteSlotHolds(trx: Db, appointmentId: number): Promise<void> {
  await trx
    .deleteFrom("appointment_slot_claims")
    .where("appointment_id", "=", appointmentId)
    .where("kind", "=", "hold")
    .execute();
}

/** What one appointment claims now, for tests and the request's page. */
export async function selectClaimsOf(db: Db, appointmentId: number) {
  return db
    .selectFrom("appointment_slot_claims")
    .select(["cell", "lane", "kind", "expires_at"])
    .where("appointment_id", "=", appointmentId)
    .orderBy("cell")
    .execute();
}

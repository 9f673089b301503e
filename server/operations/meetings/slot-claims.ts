import type { Db } from "#server/db/database.ts";
import {
  deleteSlotClaims,
  insertSlotClaims,
  selectClaimsOf,
  selectClaimsOn,
  type ClaimRow,
} from "#server/db/availability.ts";
import { formatDateLabel } from "#shared/forms/appointment.ts";
import { cellsOf, HOLD_HOURS } from "./availability";
import { formatAppointmentTime } from "./appointment-times";

/**
 * Holds and meetings claiming the calendar's cells (docs/decisions/060-availability-and-slot-claims.md),
 * inside the caller's transaction: the database decides who gets a cell, never a read
 * made before the write.
 */

/** Thrown inside a transaction to roll it back when a cell it needs is someone else's. */
export class SlotTaken extends Error {
  override name = "SlotTaken";
}

type Claim = { appointmentId: number; start: string; minutes: number; bufferMinutes: number; now: Date };

/**
 * A pending request's hold on its slot, lapsing after HOLD_HOURS (061). All its cells or
 * none: when any is taken, the ones just claimed are given back and it answers false.
 */
export async function holdSlot(trx: Db, claim: Claim): Promise<boolean> {
  const cells = cellsOf(claim.start, claim.minutes, claim.bufferMinutes);
  const got = await insertSlotClaims(trx, {
    appointmentId: claim.appointmentId,
    cells,
    lane: 0,
    kind: "hold",
    expiresAt: new Date(claim.now.getTime() + HOLD_HOURS * 3_600_000).toISOString(),
    now: claim.now.toISOString(),
  });
  if (got === cells.length) return true;
  await deleteSlotClaims(trx, claim.appointmentId);
  return false;
}

/**
 * A confirmed meeting's claim, replacing whatever the appointment claimed before (its
 * hold, or its time before a move). Throws SlotTaken when another hold or meeting has
 * any of the cells, unless `override`: then the free cells are claimed in the calendar's
 * lane and the taken ones in the appointment's own, so no third booking gets either.
 */
export async function claimMeeting(trx: Db, claim: Claim & { override: boolean }): Promise<void> {
  await deleteSlotClaims(trx, claim.appointmentId);
  const cells = cellsOf(claim.start, claim.minutes, claim.bufferMinutes);
  const base = {
    appointmentId: claim.appointmentId,
    kind: "meeting" as const,
    expiresAt: null,
    now: claim.now.toISOString(),
  };
  const got = await insertSlotClaims(trx, { ...base, cells, lane: 0 });
  if (got === cells.length) return;
  if (!claim.override) throw new SlotTaken();
  const mine = new Set((await selectClaimsOf(trx, claim.appointmentId)).map((row) => row.cell));
  const rest = cells.filter((cell) => !mine.has(cell));
  await insertSlotClaims(trx, { ...base, cells: rest, lane: claim.appointmentId });
}

/** One other appointment in the way, named for staff by the person, not a number. */
export type OtherBooking = { id: number; name: string; description: string };

function describe(row: ClaimRow): string {
  if (row.kind === "meeting" && row.scheduled_start) {
    return `${row.name}’s meeting on ${formatAppointmentTime(row.scheduled_start, row.scheduled_minutes ?? 0)}`;
  }
  return `${row.name}’s request for ${formatDateLabel(row.preferred_date)}, ${row.preferred_time} (held until it is answered)`;
}

/** The other holds and meetings on the cells a meeting from `start` would claim, each once. */
export async function bookingsInTheWay(
  db: Db,
  claim: Omit<Claim, "now"> & { now: Date },
): Promise<OtherBooking[]> {
  const cells = cellsOf(claim.start, claim.minutes, claim.bufferMinutes);
  const rows = await selectClaimsOn(db, cells, claim.now.toISOString(), claim.appointmentId);
  const seen = new Map<number, OtherBooking>();
  for (const row of rows) {
    if (!seen.has(row.appointment_id)) {
      seen.set(row.appointment_id, { id: row.appointment_id, name: row.name, description: describe(row) });
    }
  }
  return [...seen.values()];
}

/** "Sipho Dlamini’s meeting on …" and "…": for a refusal's sentence. */
export function namedBookings(others: readonly OtherBooking[]): string {
  const texts = others.map((other) => other.description);
  if (texts.length <= 1) return texts[0] ?? "another booking";
  return `${texts.slice(0, -1).join(", ")} and ${texts.at(-1)}`;
}

import type { StaffName } from "#server/db/lead-owners.ts";

/** Who answers a lead, as its record (JSON, CSV, `leads list`) names them: their address, or null. */
export type OwnerField = { owner: string | null };

/** The owner's address; an account that is disabled keeps its leads, and is still named. */
export function ownerOf(row: { owner_id: number | null }, staff: Map<number, StaffName>): string | null {
  return row.owner_id === null ? null : (staff.get(row.owner_id)?.email ?? null);
}

import type { Kysely, Selectable } from "kysely";
import type { AlertIncidentTable, Database } from "./schema";

type Db = Kysely<Database>;

export type AlertIncidentRow = Selectable<AlertIncidentTable>;

/** Every condition's state, by name; a condition never checked has no row. */
export async function readAlertIncidents(db: Db): Promise<Map<string, AlertIncidentRow>> {
  const rows = await db.selectFrom("alert_incidents").selectAll().execute();
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Opens an incident if the condition is still as `seen` (none open, the same last close),
 * and answers whether this call opened it. Run in the transaction that queues the alert:
 * two instances deciding at once both try, the row lock makes the second see the first's
 * change, and only one alert is queued.
 */
export async function openAlertIncident(
  trx: Db,
  incident: {
    name: string;
    seen: Pick<AlertIncidentRow, "closed_at"> | undefined;
    at: Date;
    coveredUntil?: string;
  },
): Promise<boolean> {
  await trx
    .insertInto("alert_incidents")
    .values({ name: incident.name })
    .onConflict((c) => c.doNothing())
    .execute();
  const closedAt = incident.seen?.closed_at ?? null;
  const row = await trx
    .updateTable("alert_incidents")
    .set({
      opened_at: incident.at.toISOString(),
      ...(incident.coveredUntil ? { covered_until: incident.coveredUntil } : {}),
    })
    .where("name", "=", incident.name)
    .where("opened_at", "is", null)
    .where((eb) => (closedAt === null ? eb("closed_at", "is", null) : eb("closed_at", "=", closedAt)))
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the incident that opened at `openedAt`, if it is still open; answers whether this call ended it. */
export async function closeAlertIncident(
  db: Db,
  incident: { name: string; openedAt: string; at: Date; coveredUntil?: string },
): Promise<boolean> {
  const row = await db
    .updateTable("alert_incidents")
    .set({
      opened_at: null,
      closed_at: incident.at.toISOString(),
      ...(incident.coveredUntil ? { covered_until: incident.coveredUntil } : {}),
    })
    .where("name", "=", incident.name)
    .where("opened_at", "=", incident.openedAt)
    .returning("name")
    .executeTakeFirst();
  return row !== undefined;
}

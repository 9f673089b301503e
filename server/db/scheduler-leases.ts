import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/**
 * A periodic job that one instance at a time should run (server/jobs/leased-job.ts). One
 * upsert takes the lease when it is free, expired or already ours, and extends it; it
 * answers whether we hold it now. Two instances racing for it: PostgreSQL's row lock
 * makes the second re-check the lease the first just took, and lose.
 */
export async function acquireSchedulerLease(
  db: Db,
  lease: { name: string; owner: string; now: Date; until: Date },
): Promise<boolean> {
  const now = lease.now.toISOString();
  const row = await db
    .insertInto("scheduler_leases")
    .values({ name: lease.name, owner: lease.owner, lease_until: lease.until.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("name")
        .doUpdateSet((eb) => ({
          owner: eb.ref("excluded.owner"),
          lease_until: eb.ref("excluded.lease_until"),
        }))
        .where((eb) =>
          eb.or([
            eb("scheduler_leases.lease_until", "<=", now),
            eb("scheduler_leases.owner", "=", lease.owner),
          ]),
        ),
    )
    .returning("owner")
    .executeTakeFirst();
  return row?.owner === lease.owner;
}

/** Gives the lease up at shutdown, so another instance need not wait for it to expire. */
export async function releaseSchedulerLease(db: Db, name: string, owner: string): Promise<void> {
  await db.deleteFrom("scheduler_leases").where("name", "=", name).where("owner", "=", owner).execute();
}

export type SchedulerLease = { name: string; owner: string; leaseUntil: string };

/** Every job's lease, by name: who holds it and until when. */
export async function listSchedulerLeases(db: Db): Promise<SchedulerLease[]> {
  const rows = await db.selectFrom("scheduler_leases").selectAll().orderBy("name").execute();
  return rows.map((row) => ({ name: row.name, owner: row.owner, leaseUntil: row.lease_until }));
}

import type { Kysely } from "kysely";

// Which worker holds a pending row's lease (host:pid:random), so a restarted server can
// take back its dead predecessor's rows at once instead of waiting for the lease to
// expire (docs/decisions/008-outbox-delivery.md). Null when no worker holds the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("lease_owner", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("lease_owner").execute();
}

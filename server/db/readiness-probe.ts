import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Writes the readiness probe's one row: a real, committed write (the health check's). */
export async function writeReadinessProbe(db: Kysely<Database>, at: Date): Promise<void> {
  await db
    .insertInto("readiness_probe")
    .values({ id: 1, checked_at: at.toISOString() })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ checked_at: at.toISOString() }))
    .execute();
}

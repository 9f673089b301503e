import type { Db } from "./database";

/**
 * Values every instance on one database must agree on and none is configured with (the
 * form secret when FORM_SECRET is unset): the first instance to ask stores its candidate,
 * and every instance, that one included, reads back what is stored. The insert does
 * nothing when a row exists, so two instances starting together end with the same value.
 */
export async function instanceSecret(
  db: Db,
  name: string,
  candidate: () => string,
  now: Date = new Date(),
): Promise<string> {
  await db
    .insertInto("instance_secrets")
    .values({ name, value: candidate(), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("instance_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

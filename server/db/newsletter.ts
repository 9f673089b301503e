import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, NewsletterSubscriberTable, SubscriberRow, SubscriberStatus } from "./schema";
import { filterSpam, type SpamFilter } from "./suspected";

type Db = Kysely<Database>;

/** The columns a subscriber is looked up by; each holds a unique value. */
type SubscriberKey = "email" | "confirm_token" | "unsubscribe_token";

async function findSubscriberBy(
  db: Db,
  column: SubscriberKey,
  value: string,
): Promise<SubscriberRow | undefined> {
  return db.selectFrom("newsletter_subscribers").selectAll().where(column, "=", value).executeTakeFirst();
}

export const findSubscriberByEmail = (db: Db, email: string) => findSubscriberBy(db, "email", email);

export const findSubscriberByConfirmToken = (db: Db, token: string) =>
  findSubscriberBy(db, "confirm_token", token);

export const findSubscriberByUnsubscribeToken = (db: Db, token: string) =>
  findSubscriberBy(db, "unsubscribe_token", token);

export async function insertSubscriber(
  db: Db,
  subscriber: Insertable<NewsletterSubscriberTable>,
): Promise<number> {
  const row = await db
    .insertInto("newsletter_subscribers")
    .values(subscriber)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubscriber(
  db: Db,
  id: number,
  changes: Updateable<NewsletterSubscriberTable>,
): Promise<void> {
  await db.updateTable("newsletter_subscribers").set(changes).where("id", "=", id).execute();
}

/** Newest first, optionally of one status (the admin CLI's list and export). */
export async function listSubscribers(
  db: Db,
  filter: { status?: SubscriberStatus; spam?: SpamFilter } = {},
): Promise<SubscriberRow[]> {
  let query = db.selectFrom("newsletter_subscribers").selectAll();
  query = filterSpam(query, filter.spam);
  if (filter.status) query = query.where("status", "=", filter.status);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

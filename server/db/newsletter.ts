import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, NewsletterSubscriberTable, SubscriberRow, SubscriberStatus } from "./schema";
import { filterSpam, type SpamFilter } from "./suspected";

type Db = Kysely<Database>;

export async function findSubscriberByEmail(db: Db, email: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findSubscriberByConfirmToken(
  db: Db,
  token: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("confirm_token", "=", token)
    .executeTakeFirst();
}

export async function findSubscriberByUnsubscribeToken(
  db: Db,
  token: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
}

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

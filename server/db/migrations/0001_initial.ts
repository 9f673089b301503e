import { sql, type Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

/** A check constraint listing a text column's allowed values (DDL takes no parameters, hence literals). */
function sqlIn(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

// Frozen once released: later schema changes go in new numbered migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("website_design_leads")
    .addColumn("id", "integer", id)
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("business_email", "text", (c) => c.notNull())
    .addColumn("website_type", "text")
    .addColumn("budget", "text")
    .addColumn("timeline", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("web_app_leads")
    .addColumn("id", "integer", id)
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("work_email", "text", (c) => c.notNull())
    .addColumn("phone_number", "text")
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("industry", "text")
    .addColumn("company_size", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("appointment_requests")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("preferred_date", "text", (c) => c.notNull())
    .addColumn("preferred_time", "text", (c) => c.notNull())
    .addColumn("project_details", "text", (c) => c.notNull())
    .addColumn("read", "boolean", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("appointment_requests_read_created_at")
    .on("appointment_requests")
    .columns(["read", "created_at"])
    .execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sqlIn("status", ["pending", "confirmed", "unsubscribed"])),
    )
    .addColumn("confirm_token", "text", (c) => c.notNull().unique())
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("consent_text", "text", (c) => c.notNull())
    .addColumn("consented_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sqlIn("status", ["pending", "sent", "dead"])))
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("outbox_status_next_attempt_at")
    .on("outbox")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("service_screenshots")
    .addColumn("id", "integer", id)
    .addColumn("service_page", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("alt_text", "text")
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_screenshots_page_position", ["service_page", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "service_screenshots",
    "outbox",
    "newsletter_subscribers",
    "appointment_requests",
    "web_app_leads",
    "website_design_leads",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

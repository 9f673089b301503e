import type { Kysely } from "kysely";
import { idColumn } from "#server/db/dialect.ts";

// The staff workspace's accounts (docs/decisions/027-staff-authentication.md):
// - accounts made only from an invitation, each with a role; a password (scrypt) with a
//   TOTP second factor, passkeys, and one-time recovery codes (stored hashed);
// - sessions and invitations by the SHA-256 of their random token, never the token,
//   so a copy of the database signs nobody in; in the database, so every instance on
//   PostgreSQL sees them;
// - short-lived sign-in flows (a passkey challenge, a password awaiting its second factor);
// - the audit log of every change made in the workspace or by the CLI.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_users")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("password_hash", "text")
    .addColumn("totp_secret", "text")
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  // Text primary keys say NOT NULL: SQLite otherwise lets them hold null (013).
  await db.schema
    .createTable("staff_invitations")
    .addColumn("token_hash", "text", (column) => column.primaryKey().notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("invited_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("staff_passkeys")
    .addColumn("credential_id", "text", (column) => column.primaryKey().notNull())
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("counter", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("staff_passkeys_user").on("staff_passkeys").column("user_id").execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("code_hash", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_user")
    .on("staff_recovery_codes")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("token_hash", "text", (column) => column.primaryKey().notNull())
    .addColumn("user_id", "integer", (column) =>
      column.notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("csrf_token", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("staff_sessions_user").on("staff_sessions").column("user_id").execute();

  await db.schema
    .createTable("staff_auth_flows")
    .addColumn("token_hash", "text", (column) => column.primaryKey().notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("user_id", "integer", (column) => column.references("staff_users.id").onDelete("cascade"))
    .addColumn("challenge", "text")
    .addColumn("data", "text")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("at", "text", (column) => column.notNull())
    .addColumn("actor", "text", (column) => column.notNull())
    .addColumn("ip", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("target", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "audit_log",
    "staff_auth_flows",
    "staff_sessions",
    "staff_recovery_codes",
    "staff_passkeys",
    "staff_invitations",
    "staff_users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export type AuditEntry = {
  /** A staff e-mail address, or "cli:<user>". */
  actor: string;
  /** The client's IP, or "cli". */
  ip: string;
  /** What was done, dotted: "lead.status", "content.publish", "user.invite". */
  action: string;
  /** What it was done to: a lead id, a content id, an address. */
  target?: string;
  /** What changed, kept as JSON. */
  detail?: Record<string, unknown>;
};

export type AuditRecord = Required<Omit<AuditEntry, "detail" | "target">> & {
  id: number;
  at: string;
  target: string | null;
  detail: Record<string, unknown> | null;
};

/** Records one change; pass the transaction that makes it, so both happen or neither. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now = new Date()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      at: now.toISOString(),
      actor: entry.actor,
      ip: entry.ip,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}

/** Newest first, a page at a time: `before` is the last id of the previous page. */
export async function listAudit(
  db: Kysely<Database>,
  options: { limit: number; before?: number; actor?: string; action?: string },
): Promise<AuditRecord[]> {
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(options.limit);
  if (options.before !== undefined) query = query.where("id", "<", options.before);
  if (options.actor) query = query.where("actor", "=", options.actor);
  if (options.action) query = query.where("action", "like", `${options.action}%`);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  }));
}

/**
 * The entries about one target with one of `actions`, recorded at or after `since`, oldest
 * first (a lead's history: a deleted row's id can be given again, and the entries about
 * the row before it are not about this one).
 */
export async function listAuditOf(
  db: Kysely<Database>,
  target: string,
  actions: readonly string[],
  since: string,
): Promise<AuditRecord[]> {
  if (actions.length === 0) return [];
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("target", "=", target)
    .where("action", "in", actions)
    .where("at", ">=", since)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...row,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  }));
}

import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { AuditAction } from "#shared/audit-actions.ts";

export type AuditEntry = {
  /** A staff e-mail address, or "cli:<user>". */
  actor: string;
  /** The client's IP, or "cli". */
  ip: string;
  /** What was done, one of the listed actions (shared/audit-actions.ts), each with its sentence. */
  action: AuditAction;
  /** What it was done to: a lead id, a content id, an address. */
  target?: string;
  /** What changed, kept as JSON. */
  detail?: Record<string, unknown>;
};

export type AuditRecord = Required<Omit<AuditEntry, "detail" | "target" | "action">> & {
  id: number;
  /** As stored: an action of an older version may no longer be listed. */
  action: string;
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

/** Which entries a page of the log keeps; every filter is optional. */
export type AuditFilter = {
  limit: number;
  /** The last id of the previous page. */
  before?: number;
  /** One actor exactly. */
  actor?: string;
  /** Every actor starting with the code's own prefix: "cli:", "system:". */
  actorPrefix?: "cli:" | "system:";
  /** Actions starting with this: "lead." */
  action?: string;
  /** Only these actions (a group of them). */
  actions?: readonly string[];
  /** ISO instants: on or after `from`, before `until`. */
  from?: string;
  until?: string;
};

/** Newest first, a page at a time: `before` is the last id of the previous page. */
export async function listAudit(db: Kysely<Database>, options: AuditFilter): Promise<AuditRecord[]> {
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(options.limit);
  if (options.before !== undefined) query = query.where("id", "<", options.before);
  if (options.actor) query = query.where("actor", "=", options.actor);
  // The prefix is the code's own, never typed by a person: no LIKE escaping is needed.
  if (options.actorPrefix) query = query.where("actor", "like", `${options.actorPrefix}%`);
  if (options.action) query = query.where("action", "like", `${options.action}%`);
  if (options.actions)
    query = query.where("action", "in", options.actions.length ? [...options.actions] : [""]);
  if (options.from) query = query.where("at", ">=", options.from);
  if (options.until) query = query.where("at", "<", options.until);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  }));
}

/** The staff accounts that appear in the log as actors, by address (not failed sign-ins' typed addresses). */
export async function listAuditStaffActors(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select("actor")
    .distinct()
    .where("actor", "in", (staff) => staff.selectFrom("staff_users").select("email"))
    .orderBy("actor")
    .execute();
  return rows.map((row) => row.actor);
}

/** Whether any entry's actor starts with `prefix` ("cli:", "system:"). */
export async function auditHasActorPrefix(
  db: Kysely<Database>,
  prefix: "cli:" | "system:",
): Promise<boolean> {
  const row = await db
    .selectFrom("audit_log")
    .select("id")
    .where("actor", "like", `${prefix}%`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A name by row id, from a query that is not run when there are no ids (`in ()` is not SQL). */
async function namesById(
  ids: number[],
  query: (ids: number[]) => Promise<Array<{ id: number; name: string }>>,
): Promise<Map<number, string>> {
  const rows = ids.length ? await query(ids) : [];
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * The names of the people behind leads, requests and meetings, by table and row id: one
 * query per form for a whole page of the log, never one per entry.
 */
export async function findLeadPeople(
  db: Kysely<Database>,
  ids: { websiteDesign: number[]; webApp: number[]; appointment: number[] },
): Promise<{
  websiteDesign: Map<number, string>;
  webApp: Map<number, string>;
  appointment: Map<number, string>;
}> {
  return {
    websiteDesign: await namesById(ids.websiteDesign, (some) =>
      db
        .selectFrom("website_design_leads")
        .select(["id", "full_name as name"])
        .where("id", "in", some)
        .execute(),
    ),
    webApp: await namesById(ids.webApp, (some) =>
      db.selectFrom("web_app_leads").select(["id", "full_name as name"]).where("id", "in", some).execute(),
    ),
    appointment: await namesById(ids.appointment, (some) =>
      db.selectFrom("appointment_requests").select(["id", "name"]).where("id", "in", some).execute(),
    ),
  };
}

/** Every revision's id and time of these targets, oldest first, in one query (a restore's "revision N" is the Nth). */
export async function listRevisionTimes(
  db: Kysely<Database>,
  targets: readonly string[],
): Promise<Array<{ target: string; id: number; saved_at: string }>> {
  if (targets.length === 0) return [];
  const rows = await db
    .selectFrom("revisions")
    .select(["target", "id", "saved_at"])
    .where("target", "in", [...targets])
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The documents of content items by kind and slug, in one query for a page of the log. */
export async function findContentDocuments(
  db: Kysely<Database>,
  items: ReadonlyArray<{ kind: string; id: string }>,
): Promise<Array<{ kind: string; id: string; document: string }>> {
  if (items.length === 0) return [];
  const rows = await db
    .selectFrom("content_items")
    .select(["kind", "id", "document"])
    .where(
      "id",
      "in",
      items.map((item) => item.id),
    )
    .execute();
  return rows.filter((row) => items.some((item) => item.kind === row.kind && item.id === row.id));
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

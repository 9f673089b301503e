import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { FLOW_COOKIE, readWorkspaceCookie, setWorkspaceCookie } from "../workspace/sessions";
import { hashToken, newToken } from "../workspace/tokens";

/**
 * A sign-in step in progress, between two requests: a password awaiting its second factor,
 * a passkey challenge, an enrolment awaiting its first code. Kept in the database (every
 * instance sees it) under the hash of a random token the browser holds in the staff_flow
 * cookie; ended when it succeeds, expires or sees too many wrong codes.
 */
export type FlowKind =
  | "password"
  | "passkey-sign-in"
  | "passkey-registration"
  | "enrolment"
  | "step-up-passkey"
  | "authenticator-replacement";

export type Flow = {
  id: string;
  kind: FlowKind;
  userId: number | null;
  challenge: string | null;
  data: Record<string, unknown>;
  attempts: number;
};

/** A sign-in step lasts 5 minutes; an enrolment, with an app to install and a code to scan, 15. */
export const FLOW_MS: Record<FlowKind, number> = {
  password: 5 * 60_000,
  "passkey-sign-in": 5 * 60_000,
  "passkey-registration": 5 * 60_000,
  enrolment: 15 * 60_000,
  "step-up-passkey": 5 * 60_000,
  // A new authenticator to scan and confirm: as long as an enrolment.
  "authenticator-replacement": 15 * 60_000,
};

/** Wrong codes one flow may see before it ends and sign-in starts again. */
export const FLOW_MAX_ATTEMPTS = 5;

export async function startFlow(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  flow: { kind: FlowKind; userId?: number; challenge?: string; data?: Record<string, unknown> },
  now = new Date(),
): Promise<void> {
  // A flow the browser still had is replaced, not left to linger; nor are expired ones.
  const previous = readWorkspaceCookie(req, FLOW_COOKIE);
  if (previous)
    await db.deleteFrom("staff_auth_flows").where("token_hash", "=", hashToken(previous)).execute();
  await deleteExpiredFlows(db, now);
  const token = newToken();
  await db
    .insertInto("staff_auth_flows")
    .values({
      token_hash: hashToken(token),
      kind: flow.kind,
      user_id: flow.userId ?? null,
      challenge: flow.challenge ?? null,
      data: flow.data ? JSON.stringify(flow.data) : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + FLOW_MS[flow.kind]).toISOString(),
    })
    .execute();
  setWorkspaceCookie(req, res, FLOW_COOKIE, token, FLOW_MS[flow.kind]);
}

/** The browser's live flow of this kind, if it has one. */
export async function readFlow(
  db: Kysely<Database>,
  req: Request,
  kind: FlowKind,
  now = new Date(),
): Promise<Flow | undefined> {
  const token = readWorkspaceCookie(req, FLOW_COOKIE);
  if (!token) return undefined;
  const row = await db
    .selectFrom("staff_auth_flows")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.kind !== kind || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  const data: unknown = row.data ? JSON.parse(row.data) : {};
  return {
    id: row.token_hash,
    kind,
    userId: row.user_id,
    challenge: row.challenge,
    data: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {},
    attempts: row.attempts,
  };
}

/** Counts a wrong code; at the limit the flow ends. Returns whether it is still live. */
export async function countFlowAttempt(db: Kysely<Database>, flow: Flow): Promise<boolean> {
  if (flow.attempts + 1 >= FLOW_MAX_ATTEMPTS) {
    await db.deleteFrom("staff_auth_flows").where("token_hash", "=", flow.id).execute();
    return false;
  }
  await db
    .updateTable("staff_auth_flows")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", flow.id)
    .execute();
  return true;
}

/** Ends the browser's flow, whatever it was, and clears its cookie. */
export async function endFlow(db: Kysely<Database>, req: Request, res: Response): Promise<void> {
  const token = readWorkspaceCookie(req, FLOW_COOKIE);
  if (!token) return;
  await db.deleteFrom("staff_auth_flows").where("token_hash", "=", hashToken(token)).execute();
  setWorkspaceCookie(req, res, FLOW_COOKIE, "", 0);
}

/** Flows past their time; run now and then so the table does not grow. */
export async function deleteExpiredFlows(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("staff_auth_flows")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

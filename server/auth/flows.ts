import type { Kysely } from "kysely";
import {
  deleteAuthFlow,
  deleteAuthFlowsExpiredBy,
  incrementAuthFlowAttempts,
  insertAuthFlow,
  selectAuthFlow,
} from "#server/db/staff-auth-flows.ts";
import type { Database } from "#server/db/schema.ts";
import { hashToken, newToken } from "./tokens";

/**
 * A sign-in step in progress, between two requests: a password awaiting its second factor,
 * a passkey challenge, an enrolment awaiting its first code. Kept in the database (every
 * instance sees it) under the hash of a random token the browser holds (the workspace keeps
 * it in the staff_flow cookie); ended when it succeeds, expires or sees too many wrong codes.
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

/**
 * Starts a flow and returns the token the browser is to hold. A flow the browser still
 * had (`previous`) is replaced, not left to linger; nor are expired ones.
 */
export async function createFlow(
  db: Kysely<Database>,
  previous: string | undefined,
  flow: { kind: FlowKind; userId?: number; challenge?: string; data?: Record<string, unknown> },
  now = new Date(),
): Promise<string> {
  if (previous) await deleteAuthFlow(db, hashToken(previous));
  await deleteExpiredFlows(db, now);
  const token = newToken();
  await insertAuthFlow(db, {
    tokenHash: hashToken(token),
    kind: flow.kind,
    userId: flow.userId ?? null,
    challenge: flow.challenge ?? null,
    data: flow.data ? JSON.stringify(flow.data) : null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + FLOW_MS[flow.kind]).toISOString(),
  });
  return token;
}

/** The live flow of this kind a browser's token names, if any. */
export async function findFlow(
  db: Kysely<Database>,
  token: string,
  kind: FlowKind,
  now = new Date(),
): Promise<Flow | undefined> {
  const row = await selectAuthFlow(db, hashToken(token));
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
    await deleteAuthFlow(db, flow.id);
    return false;
  }
  await incrementAuthFlowAttempts(db, flow.id);
  return true;
}

/** Ends the flow a browser's token names, whatever it was. */
export async function deleteFlow(db: Kysely<Database>, token: string): Promise<void> {
  await deleteAuthFlow(db, hashToken(token));
}

/** Flows past their time; run now and then so the table does not grow. */
export async function deleteExpiredFlows(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteAuthFlowsExpiredBy(db, now);
}

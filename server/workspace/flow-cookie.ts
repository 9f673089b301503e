import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import { createFlow, deleteFlow, findFlow, FLOW_MS, type Flow, type FlowKind } from "#server/auth/flows.ts";
import type { Database } from "#server/db/schema.ts";
import { FLOW_COOKIE, readWorkspaceCookie, setWorkspaceCookie } from "./session-cookie";

/** A sign-in step in progress, carried between two requests by the browser's staff_flow cookie. */
export async function startFlow(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  flow: { kind: FlowKind; userId?: number; challenge?: string; data?: Record<string, unknown> },
  now = new Date(),
): Promise<void> {
  const token = await createFlow(db, readWorkspaceCookie(req, FLOW_COOKIE), flow, now);
  setWorkspaceCookie(req, res, FLOW_COOKIE, token, FLOW_MS[flow.kind]);
}

/**
 * Starts a passkey ceremony: its challenge waits in the flow for the authenticator's
 * answer, and the browser gets the options to hand its authenticator.
 */
export async function sendPasskeyOptions(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  flow: { kind: FlowKind; userId?: number },
  options: { challenge: string },
  now = new Date(),
): Promise<void> {
  await startFlow(db, req, res, { ...flow, challenge: options.challenge }, now);
  res.json(options);
}

/** The browser's live flow of this kind, if it has one. */
export async function readFlow(
  db: Kysely<Database>,
  req: Request,
  kind: FlowKind,
  now = new Date(),
): Promise<Flow | undefined> {
  const token = readWorkspaceCookie(req, FLOW_COOKIE);
  return token ? findFlow(db, token, kind, now) : undefined;
}

/** Ends the browser's flow, whatever it was, and clears its cookie. */
export async function endFlow(db: Kysely<Database>, req: Request, res: Response): Promise<void> {
  const token = readWorkspaceCookie(req, FLOW_COOKIE);
  if (!token) return;
  await deleteFlow(db, token);
  setWorkspaceCookie(req, res, FLOW_COOKIE, "", 0);
}

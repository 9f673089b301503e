import express, { type Router } from "express";
import { recordAudit } from "#server/db/audit-log.ts";
import { endOwnSession, signOutEverywhere } from "#server/auth/own-sessions.ts";
import { endSession, listSessions } from "#server/auth/sessions.ts";
import { answerRefusal } from "./answers";
import { actorOf, requireStaff, signedIn } from "./guard";
import type { WorkspaceDeps } from "./deps";
import { clearSessionCookie } from "./session-cookie";

/**
 * The signed-in member of staff, their sessions, and signing out of one session or all.
 * Ending another browser's session, or all, follows the policy (server/auth/own-sessions.ts).
 */
export function sessionRoutes(deps: WorkspaceDeps): Router {
  const { db } = deps;
  const { now } = deps;
  const router = express.Router();

  router.get("/session", requireStaff("account"), (_req, res) => {
    const { email, role, csrfToken } = signedIn(res);
    res.json({ email, role, csrfToken });
  });

  router.post("/sign-out", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    await endSession(db, staff.sessionId);
    await recordAudit(db, { ...actorOf(req, res), action: "session.sign-out" });
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  router.get("/sessions", requireStaff("account"), async (_req, res) => {
    const staff = signedIn(res);
    res.json({ sessions: await listSessions(db, staff.userId, staff.sessionId) });
  });

  /** Ends one of the member of staff's sessions; ending this one signs out here. */
  router.delete("/sessions/:id", requireStaff("account"), async (req, res) => {
    const ended = await endOwnSession(db, signedIn(res), String(req.params.id), actorOf(req, res), now());
    if (!ended.ok) return answerRefusal(res, ended);
    if (ended.value.signedOut) clearSessionCookie(req, res);
    res.json({ signedOut: ended.value.signedOut });
  });

  router.post("/sign-out-everywhere", requireStaff("account"), async (req, res) => {
    const ended = await signOutEverywhere(db, signedIn(res), actorOf(req, res), now());
    if (!ended.ok) return answerRefusal(res, ended);
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}

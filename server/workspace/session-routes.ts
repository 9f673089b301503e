import express, { type Router } from "express";
import { recordAudit } from "#server/db/audit-log.ts";
import { actorOf, requireStaff, signedIn } from "./guard";
import type { WorkspaceDeps } from "./deps";
import {
  endAllSessions,
  endSession,
  endSessionById,
  listSessions,
  publicSessionId,
} from "#server/auth/sessions.ts";
import { clearSessionCookie } from "./session-cookie";

/** The signed-in member of staff, their sessions, and signing out of one session or all. */
export function sessionRoutes({ db }: WorkspaceDeps): Router {
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
    const staff = signedIn(res);
    const ended = await endSessionById(db, staff.userId, String(req.params.id));
    if (!ended) return void res.status(404).json({ error: "That session has already ended." });
    await recordAudit(db, {
      ...actorOf(req, res),
      action: "session.end",
      target: publicSessionId(ended),
    });
    const signedOut = ended === staff.sessionId;
    if (signedOut) clearSessionCookie(req, res);
    res.json({ signedOut });
  });

  router.post("/sign-out-everywhere", requireStaff("account"), async (req, res) => {
    const staff = signedIn(res);
    const ended = await endAllSessions(db, staff.userId);
    await recordAudit(db, {
      ...actorOf(req, res),
      action: "session.sign-out-everywhere",
      detail: { sessions: ended },
    });
    clearSessionCookie(req, res);
    res.status(204).end();
  });

  return router;
}

import express, { type Response, type Router } from "express";
import {
  AccountError,
  changeStaffRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetStaff,
  revokeInvitation,
  type AccountRef,
} from "#server/auth/accounts.ts";
import { listAudit } from "#server/db/audit-log.ts";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";
import { requireFreshProof } from "./step-up";

const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

/** The admins' pages: staff accounts (the same operations as `site-admin users …`) and the audit log. */
export function userRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const now = () => deps.now?.() ?? new Date();
  const router = express.Router();
  const siteUrl = config.settings.siteUrl;

  /** An AccountError as the API answers it; anything else is the server's to report. */
  function answerError(res: Response, error: unknown): void {
    if (!(error instanceof AccountError)) throw error;
    const status = error.kind === "not-found" ? 404 : error.kind === "conflict" ? 409 : 400;
    res.status(status).json({
      error: error.message,
      ...(error.field ? { fieldErrors: { [error.field]: error.message } } : {}),
    });
  }

  const refOf = (id: string): AccountRef | undefined =>
    /^\d{1,12}$/.test(id) ? { id: Number(id) } : undefined;
  const actorWithId = (req: express.Request, res: Response) => ({
    ...actorOf(req, res),
    userId: signedIn(res).userId,
  });

  router.get("/users", requireStaff("users"), async (_req, res) => {
    res.json(await listStaff(db, now()));
  });

  router.post("/users/invite", requireStaff("users"), async (req, res) => {
    try {
      const invitation = await inviteStaff(
        db,
        { email: req.body?.email, role: req.body?.role, siteUrl },
        actorOf(req, res),
        now(),
      );
      deps.onQueued();
      res.status(201).json(invitation);
    } catch (error) {
      answerError(res, error);
    }
  });

  router.post("/users/invitations/resend", requireStaff("users"), async (req, res) => {
    try {
      const invitation = await resendInvitation(
        db,
        { email: req.body?.email, siteUrl },
        actorOf(req, res),
        now(),
      );
      deps.onQueued();
      res.json(invitation);
    } catch (error) {
      answerError(res, error);
    }
  });

  // Like disabling, withdrawing a link only takes access away: no fresh proof is asked.
  router.post("/users/invitations/revoke", requireStaff("users"), async (req, res) => {
    try {
      res.json(await revokeInvitation(db, { email: req.body?.email }, actorOf(req, res), now()));
    } catch (error) {
      answerError(res, error);
    }
  });

  // A role can make someone an admin: as with a change to how one signs in (032), a stolen
  // session alone is not enough, so it needs a proof from the last 5 minutes.
  router.post("/users/:id/role", requireStaff("users"), requireFreshProof(now), async (req, res, next) => {
    const ref = refOf(String(req.params.id));
    if (!ref) return next();
    try {
      res.json(await changeStaffRole(db, ref, { role: req.body?.role }, actorWithId(req, res), now()));
    } catch (error) {
      answerError(res, error);
    }
  });

  router.post("/users/:id/:change", requireStaff("users"), async (req, res, next) => {
    const ref = refOf(String(req.params.id));
    const change = String(req.params.change);
    if (!ref || !["disable", "enable", "reset"].includes(change)) return next();
    try {
      if (change === "disable")
        return void res.json(await disableStaff(db, ref, actorWithId(req, res), now()));
      if (change === "enable") return void res.json(await enableStaff(db, ref, actorOf(req, res), now()));
      const { user } = await resetStaff(db, ref, { siteUrl }, actorWithId(req, res), now());
      deps.onQueued();
      res.json(user);
    } catch (error) {
      answerError(res, error);
    }
  });

  router.get("/audit", requireStaff("users"), async (req, res) => {
    const number = (value: unknown) =>
      typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
    const limit =
      Math.min(number(req.query.limit) ?? AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX) || AUDIT_PAGE_DEFAULT;
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
    const entries = await listAudit(db, {
      limit,
      before: number(req.query.before),
      actor: text(req.query.actor),
      action: text(req.query.action),
    });
    const last = entries.at(-1);
    res.json({ entries, nextBefore: entries.length === limit && last ? last.id : null });
  });

  return router;
}

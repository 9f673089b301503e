import express, { type Response, type Router } from "express";
import { answerRefusal } from "./answers";
import {
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
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";

/** The admins' Users page: staff accounts (the same operations as `site-admin users …`); the audit log is in audit-routes.ts. */
export function userRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  const siteUrl = config.settings.siteUrl;

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
    const invited = await inviteStaff(
      db,
      { email: req.body?.email, role: req.body?.role, siteUrl },
      actorOf(req, res),
      now(),
    );
    if (!invited.ok) return answerRefusal(res, invited);
    deps.onQueued();
    res.status(201).json(invited.value);
  });

  router.post("/users/invitations/resend", requireStaff("users"), async (req, res) => {
    const resent = await resendInvitation(db, { email: req.body?.email, siteUrl }, actorOf(req, res), now());
    if (!resent.ok) return answerRefusal(res, resent);
    deps.onQueued();
    res.json(resent.value);
  });

  // Withdrawing a link only takes access away: the policy asks no fresh proof.
  router.post("/users/invitations/revoke", requireStaff("users"), async (req, res) => {
    const revoked = await revokeInvitation(db, { email: req.body?.email }, actorOf(req, res), now());
    if (!revoked.ok) return answerRefusal(res, revoked);
    res.json(revoked.value);
  });

  // Which of these changes need a proof from the last 5 minutes, and whom they tell, is
  // the operations' policy (server/auth/policy.ts): the routes only word its refusal.
  router.post("/users/:id/role", requireStaff("users"), async (req, res, next) => {
    const ref = refOf(String(req.params.id));
    if (!ref) return next();
    const changed = await changeStaffRole(
      db,
      ref,
      { role: req.body?.role, siteUrl },
      actorWithId(req, res),
      now(),
    );
    if (!changed.ok) return answerRefusal(res, changed);
    res.json(changed.value);
    deps.onQueued();
  });

  router.post("/users/:id/:change", requireStaff("users"), async (req, res, next) => {
    const ref = refOf(String(req.params.id));
    const change = String(req.params.change);
    if (!ref || !["disable", "enable", "reset"].includes(change)) return next();
    const done =
      change === "disable"
        ? await disableStaff(db, ref, { siteUrl }, actorWithId(req, res), now())
        : change === "enable"
          ? await enableStaff(db, ref, { siteUrl }, actorOf(req, res), now())
          : await resetStaff(db, ref, { siteUrl }, actorWithId(req, res), now());
    if (!done.ok) return answerRefusal(res, done);
    deps.onQueued();
    // A reset answers the account, as disable and enable do; its invitation went by e-mail.
    res.json("user" in done.value ? done.value.user : done.value);
  });

  return router;
}

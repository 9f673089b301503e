import express, { type Router } from "express";
import { loadSiteSettings, saveSiteSettings } from "#server/operations/settings/site-settings.ts";
import { answerRefusal, badRequest } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";
import { isProofFresh, stepUpMessages } from "./step-up";

/** The longest revision note kept with a save. */
const NOTE_MAX = 200;

/**
 * /admin/api/settings: the site settings (brand, contact details, links, agency inbox), for
 * admins; the same operation as `site-admin settings` (server/operations/settings/). Moving
 * the agency inbox, where leads' e-mails go, asks for a fresh proof of who is at the
 * keyboard, as a change to how an account signs in does.
 */
export function settingsRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const now = () => deps.now?.() ?? new Date();
  const router = express.Router();
  const admin = requireStaff("settings");

  router.get("/settings", admin, async (_req, res) => {
    res.json({ settings: await loadSiteSettings({ db, config }) });
  });

  router.post("/settings", admin, async (req, res) => {
    const body = (req.body ?? {}) as { settings?: unknown; note?: unknown };
    if (body.note !== undefined && (typeof body.note !== "string" || body.note.length > NOTE_MAX)) {
      return badRequest(res, `A note must be text of at most ${NOTE_MAX} characters.`);
    }
    const sent = body.settings;
    if (typeof sent === "object" && sent !== null && "agencyInbox" in sent) {
      const current = await loadSiteSettings({ db, config });
      const moved = String(sent.agencyInbox).trim().toLowerCase() !== current.agencyInbox.toLowerCase();
      if (moved && !isProofFresh(signedIn(res).provedAt, now())) {
        return void res.status(403).json({ error: stepUpMessages.required, stepUp: true });
      }
    }
    const ctx = { db, config, actor: actorOf(req, res) };
    const note = typeof body.note === "string" && body.note.trim() ? body.note.trim() : undefined;
    const saved = await saveSiteSettings(ctx, sent, { note }, now());
    if (!saved.ok) return answerRefusal(res, saved);
    // This instance shows the change at once; the others when they see the new revision.
    deps.siteSettings?.forget();
    res.json({ settings: saved.value.settings, changed: saved.value.changed });
  });

  return router;
}

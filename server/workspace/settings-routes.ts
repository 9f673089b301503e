import express, { type Router } from "express";
import {
  loadSiteSettings,
  mailSenderOf,
  saveSiteSettings,
} from "#server/operations/settings/site-settings.ts";
import {
  readAvailabilityRules,
  ruleNames,
  ruleText,
  setAvailabilityRules,
  type AvailabilityRules,
} from "#server/operations/meetings/availability.ts";
import { answerRefusal, badRequest } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff } from "./guard";

/** The longest revision note kept with a save. */
const NOTE_MAX = 200;

/**
 * /admin/api/settings: the site settings (brand, contact details, links, agency inbox), for
 * editors and admins; the same operation as `site-admin settings` (server/operations/settings/).
 * The operation says who may change which field (decision 068): editors the contact
 * details, links and map; admins the rest, and moving the agency inbox or the sender asks
 * them for a fresh proof of who is at the keyboard (decision 048), whichever door asks.
 * The booking calendar's rules are admins' (decision 060).
 */
export function settingsRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  const admin = requireStaff("settings");
  const contact = requireStaff("contact");

  // contactEmailSends: the page shows the contact e-mail as the sender (admins' only) by it.
  router.get("/settings", contact, async (_req, res) => {
    res.json({ settings: await loadSiteSettings({ db, config }), ...mailSenderOf(config) });
  });

  router.post("/settings", contact, async (req, res) => {
    const body = (req.body ?? {}) as { settings?: unknown; note?: unknown };
    if (body.note !== undefined && (typeof body.note !== "string" || body.note.length > NOTE_MAX)) {
      return badRequest(res, `A note must be text of at most ${NOTE_MAX} characters.`);
    }
    const sent = body.settings;
    const ctx = { db, config, actor: actorOf(req, res), now };
    const note = typeof body.note === "string" && body.note.trim() ? body.note.trim() : undefined;
    const saved = await saveSiteSettings(ctx, sent, { note });
    if (!saved.ok) return answerRefusal(res, saved);
    // This instance shows the change at once; the others when they see the new revision.
    deps.siteSettings?.forget();
    // Moving the mail route queued the admins' notices.
    deps.onQueued();
    res.json({ settings: saved.value.settings, changed: saved.value.changed });
  });

  /** The booking calendar's rules, by the CLI's names and in its words ("09:00-17:00", "15m", "on"). */
  const rulesOf = (rules: AvailabilityRules) =>
    Object.fromEntries(ruleNames.map((name) => [name, ruleText(rules, name)]));

  router.get("/availability", admin, async (_req, res) => {
    res.json({ rules: rulesOf(await readAvailabilityRules(db)) });
  });

  router.post("/availability", admin, async (req, res) => {
    const sent = (req.body ?? {}) as { rules?: unknown };
    const rules = sent.rules;
    if (
      typeof rules !== "object" ||
      rules === null ||
      Object.values(rules).some((value) => typeof value !== "string")
    ) {
      return badRequest(res, "Send the rules as text, by name.");
    }
    const saved = await setAvailabilityRules(
      { db, actor: actorOf(req, res), now },
      rules as Record<string, string>,
    );
    if (!saved.ok) return answerRefusal(res, saved);
    res.json({ rules: rulesOf(saved.value.rules), changed: saved.value.changed });
  });

  return router;
}

import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { changeStatus, parseLeadStatus } from "#server/operations/leads/follow-up.ts";
import { markAppointmentsRead } from "#server/operations/meetings/appointment-records.ts";
import { markLeadsRead } from "#server/operations/leads/stored-leads.ts";
import { exportKinds, renderExport, type ExportKind } from "#server/operations/export/export.ts";
import {
  inboxForms,
  invalidInboxId,
  listInbox,
  loadInboxRecord,
  parseInboxId,
  quarantineArgsOf,
  statusTargetOf,
  tableOfForm,
  type InboxRef,
} from "#server/operations/leads/inbox.ts";
import { parseSince, parseUntil } from "#server/operations/input.ts";
import { assignOwner, listAssignableStaff } from "#server/operations/leads/assign-owner.ts";
import { openInboxRecord } from "#server/operations/leads/open-lead.ts";
import { overdueCutoff } from "#server/operations/leads/follow-up-reminder.ts";
import { asSentence } from "#shared/outcome.ts";
import { purgeSuspectedRows, releaseSubmissions } from "#server/operations/leads/quarantine.ts";
import { answerInvalidQuery, answerRefusal, badRequest } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";

/**
 * The workspace's leads area: the inbox of leads and appointment requests, their
 * status, read mark and release or purge of suspected spam, and the CSV exports (the
 * notification e-mails are in notification-routes.ts). Each route runs the CLI's own code for it.
 */

const oneValue = z.string().max(200).optional();
const inboxQuery = z.object({
  form: z.enum(inboxForms, { error: `form must be one of ${inboxForms.join(", ")}` }).optional(),
  status: oneValue,
  since: oneValue,
  until: oneValue,
  q: oneValue,
  owner: z
    .string()
    .regex(/^(mine|none|[1-9]\d{0,15})$/, { error: "owner must be mine, none or a staff account's number" })
    .optional(),
  suspected: z.enum(["0", "1"], { error: "suspected must be 0 or 1" }).optional(),
  unread: z.enum(["0", "1"], { error: "unread must be 0 or 1" }).optional(),
  overdue: z.enum(["0", "1"], { error: "overdue must be 0 or 1" }).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: "page must be a whole number from 1" })
    .optional(),
});

const statusBody = z.object({
  status: z.string({ error: "status is required" }),
  note: z.string().optional(),
});
const readBody = z.object({ read: z.boolean({ error: "read must be true or false" }) });
const assignIds = "ids must be a list of lead ids such as wd-12 or ap-3";
const assignBody = z.object({
  ids: z
    .array(z.string({ error: assignIds }), { error: assignIds })
    .min(1, { error: assignIds })
    .max(500),
  owner: z.union([z.string().max(254), z.null()], {
    error: "owner must be a staff member's e-mail address, or null for nobody",
  }),
});
const purgeBody = z.object({
  form: z.enum(inboxForms, { error: `form must be one of ${inboxForms.join(", ")}` }).optional(),
});
/** The owner filter as the query gives it: mine, none (nobody), or an account's number. */
function ownerFilterOf(text: string | undefined, myId: number): number | "none" | undefined {
  if (text === undefined) return undefined;
  if (text === "none") return "none";
  return text === "mine" ? myId : Number(text);
}

/** The inbox row the path names, or an answer already sent (400). */
function inboxRef(req: Request, res: Response): InboxRef | undefined {
  const text = String(req.params.id);
  const ref = parseInboxId(text);
  if (!ref) badRequest(res, asSentence(invalidInboxId(text)));
  return ref || undefined;
}

/** What the lead routes share: the database, the configuration and the clock. */
type LeadDoor = {
  deps: WorkspaceDeps;
  db: WorkspaceDeps["db"];
  config: WorkspaceDeps["config"];
  now: () => Date;
};

export function leadRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  router.use(["/inbox", "/export"], requireStaff("leads"));
  const door: LeadDoor = { deps, db, config, now };
  inboxRoutes(router, door);
  inboxRecordRoutes(router, door);
  exportRoutes(router, door);
  return router;
}

/** The inbox as a list: filtered, purged of held spam, and its leads assigned an owner. */
function inboxRoutes(router: Router, { db, config, now }: LeadDoor): void {
  router.get("/inbox", async (req, res) => {
    const query = inboxQuery.safeParse(req.query);
    if (!query.success) return answerInvalidQuery(res, query.error);
    const { form, status, q, suspected, unread, overdue, page, owner } = query.data;
    const leadStatus = parseLeadStatus(status);
    if (!leadStatus.ok) return badRequest(res, asSentence(leadStatus.message));
    const since = parseSince(query.data.since);
    if (!since.ok) return badRequest(res, asSentence(since.message));
    const until = parseUntil(query.data.until);
    if (!until.ok) return badRequest(res, asSentence(until.message));
    res.json(
      await listInbox(db, {
        form,
        status: leadStatus.value,
        since: since.value,
        until: until.value,
        q,
        suspected: suspected === "1",
        owner: ownerFilterOf(owner, signedIn(res).userId),
        unread: unread === "1",
        overdueCutoff: overdue === "1" ? overdueCutoff(config, now()) : undefined,
        page: page ? Number(page) : 1,
      }),
    );
  });

  router.post("/inbox/purge", async (req, res) => {
    const body = purgeBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidQuery(res, body.error);
    const { form } = body.data;
    const tables = form ? [tableOfForm[form]] : Object.values(tableOfForm);
    // Everything held back so far: from the workspace, purging is a decision about what is there now.
    const deleted = await purgeSuspectedRows(
      { db, actor: actorOf(req, res), now },
      tables,
      now().toISOString(),
      form ?? "all",
    );
    res.json({ deleted });
  });

  router.get("/inbox/owners", async (_req, res) => {
    res.json({ owners: await listAssignableStaff(db) });
  });

  router.post("/inbox/assign", async (req, res) => {
    const body = assignBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidQuery(res, body.error);
    const assigned = await assignOwner({ db, actor: actorOf(req, res), now }, body.data.ids, body.data.owner);
    if (!assigned.ok) return answerRefusal(res, assigned);
    res.json(assigned.value);
  });
}

/** One lead or appointment request in the inbox: read, opened, its status changed, marked read, released. */
function inboxRecordRoutes(router: Router, { deps, db, config, now }: LeadDoor): void {
  router.get("/inbox/:id", async (req, res) => {
    const ref = inboxRef(req, res);
    if (!ref) return;
    const found = await loadInboxRecord(db, ref.id);
    if (!found.ok) return answerRefusal(res, found);
    res.json(found.value);
  });

  /** The lead's page opening it: read by this member now, if nobody had read it. */
  router.post("/inbox/:id/open", async (req, res) => {
    const ref = inboxRef(req, res);
    if (!ref) return;
    const reader = { userId: signedIn(res).userId, actor: actorOf(req, res) };
    const opened = await openInboxRecord({ db, now }, ref.id, reader);
    if (!opened.ok) return answerRefusal(res, opened);
    res.json(opened.value);
  });

  router.post("/inbox/:id/status", async (req, res) => {
    const ref = inboxRef(req, res);
    if (!ref) return;
    const body = statusBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidQuery(res, body.error);
    const staff = signedIn(res);
    const changed = await changeStatus({ db, now }, statusTargetOf(ref), body.data.status, {
      note: body.data.note,
      by: staff.email,
      actor: actorOf(req, res),
      auditTarget: ref.id,
    });
    if (!changed.ok) return answerRefusal(res, changed);
    const found = await loadInboxRecord(db, ref.id);
    if (!found.ok) return answerRefusal(res, found);
    res.json({ changed: changed.value.changed, ...found.value });
  });

  router.post("/inbox/:id/read", async (req, res) => {
    const ref = inboxRef(req, res);
    if (!ref) return;
    const body = readBody.safeParse(req.body ?? {});
    if (!body.success) return answerInvalidQuery(res, body.error);
    // The CLI's `leads read` takes a lead's listed id; `appointments read` the bare number.
    const marker = { by: signedIn(res).userId, at: now().toISOString() };
    const { read } = body.data;
    const marked =
      ref.form === "appointment"
        ? await markAppointmentsRead(db, [String(ref.rowId)], read, actorOf(req, res), marker)
        : await markLeadsRead(db, [ref.id], read, actorOf(req, res), marker);
    if (!marked.ok) return answerRefusal(res, marked);
    res.json({ id: ref.id, read: body.data.read, changed: marked.value.changed.length > 0 });
  });

  router.post("/inbox/:id/release", async (req, res) => {
    const ref = inboxRef(req, res);
    if (!ref) return;
    const { kind, text } = quarantineArgsOf(ref);
    const released = await releaseSubmissions({ db, config, actor: actorOf(req, res), now }, kind, [text]);
    if (!released.ok) return answerRefusal(res, released);
    const [result] = released.value;
    if (!result?.released) {
      return void res.status(409).json({ error: `${ref.id} is not held as suspected spam.` });
    }
    if (result.notified) deps.onQueued();
    res.json({ id: ref.id, released: true, notified: result.notified });
  });
}

/** The leads as CSV files. */
function exportRoutes(router: Router, { db }: LeadDoor): void {
  router.get("/export/:file", async (req, res) => {
    const match = /^([a-z]+)\.csv$/.exec(String(req.params.file));
    const kind = match?.[1];
    if (!kind || !(exportKinds as readonly string[]).includes(kind)) {
      return void res.status(404).json({ error: "Not found." });
    }
    const { text } = await renderExport(db, kind as ExportKind, "csv");
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${kind}.csv"`);
    res.send(text);
  });
}

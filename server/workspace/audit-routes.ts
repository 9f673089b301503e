import express, { type Router } from "express";
import { answerInvalidBody, answerRefusal } from "./answers";
import {
  auditFilterOf,
  auditQuerySchema,
  listAuditPeople,
  listAuditView,
  withoutEmpty,
} from "#server/operations/audit/audit-log-view.ts";
import type { WorkspaceDeps } from "./deps";
import { requireStaff } from "./guard";

/** The workspace's Audit page, for admins: the log of every change, in sentences. */
export function auditRoutes(deps: WorkspaceDeps): Router {
  const { db } = deps;
  const router = express.Router();

  /** A page of the log in sentences, filtered by person, kind of change and days; with who the person filter offers. */
  router.get("/audit", requireStaff("users"), async (req, res) => {
    const query = auditQuerySchema.safeParse(withoutEmpty(req.query));
    if (!query.success) return answerInvalidBody(res, query.error);
    const filter = auditFilterOf(query.data);
    if (!filter.ok) return answerRefusal(res, filter);
    const page = await listAuditView(db, filter.value);
    res.json({ ...page, people: await listAuditPeople(db) });
  });

  return router;
}

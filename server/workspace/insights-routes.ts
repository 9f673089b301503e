import express, { type Router } from "express";
import {
  findInsightsTable,
  insightsCsvName,
  insightsTableCsv,
} from "#server/operations/insights/insights-csv.ts";
import { loadInsights } from "#server/operations/insights/insights.ts";
import { answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { requireStaff } from "./guard";

/**
 * GET /insights?days=30 (or ?from=&to=): the dashboard's figures, for every role; and
 * GET /insights/<table>.csv with the same period, each table to download.
 */
export function insightsRoutes(deps: WorkspaceDeps): Router {
  const { now } = deps;
  const router = express.Router();
  router.get("/insights", requireStaff("account"), async (req, res) => {
    const loaded = await loadInsights(deps.db, req.query, now());
    if (!loaded.ok) return answerRefusal(res, loaded);
    res.json(loaded.value);
  });
  router.get("/insights/:file", requireStaff("account"), async (req, res) => {
    const name = /^([a-z-]+)\.csv$/.exec(String(req.params.file))?.[1] ?? "";
    const loaded = await loadInsights(deps.db, req.query, now());
    if (!loaded.ok) return answerRefusal(res, loaded);
    const table = findInsightsTable(loaded.value, name);
    if (!table) return void res.status(404).json({ error: "Not found." });
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${insightsCsvName(loaded.value, table)}"`);
    res.send(insightsTableCsv(table));
  });
  return router;
}

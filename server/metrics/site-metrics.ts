import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { alertConditions } from "#server/alerts/incidents.ts";
import type { Db } from "#server/db/database.ts";
import { readAlertIncidents } from "#server/db/alert-incidents.ts";
import { readOutboxOverview } from "#server/db/outbox.ts";
import { outboxStatuses } from "#server/db/schema.ts";
import { classifyStorageError } from "#server/db/storage-errors.ts";
import { leadForms } from "#shared/forms/lead-forms.ts";
import { leadOutcomes, type MetricsRecorder } from "#server/metrics/recorder.ts";
import { methodLabel, routeLabel } from "./route-label";

/**
 * The site's Prometheus metrics (README "Metrics" lists them for dashboards). Each app
 * has a registry of its own, not prom-client's global one, so tests that build several
 * apps in one process never share or collide. What lives in the database (the outbox,
 * the alert incidents) is read when scraped, so every instance reports the same truth.
 */
export type SiteMetrics = MetricsRecorder & {
  registry: Registry;
  /** Times every request and counts it by method, route pattern and status; mount first. */
  observeRequests: RequestHandler;
};

export function createSiteMetrics(deps: { db: Db; now: () => Date }): SiteMetrics {
  const { db, now } = deps;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // Every counter lives in this app's registry.
  const countBy = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Counter({ name, help, labelNames, registers });

  const httpLabels = ["method", "route", "status"] as const;
  const requests = countBy(
    "http_requests_total",
    "HTTP requests answered, by method, route pattern and status",
    httpLabels,
  );
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
    labelNames: httpLabels,
    registers,
  });
  const leadSubmissions = countBy(
    "site_lead_submissions_total",
    "Form submissions by form and outcome (accepted, suspected: held as spam, refused: 400, failed: not stored)",
    ["form", "outcome"] as const,
  );
  const pageCache = countBy(
    "site_page_cache_lookups_total",
    "Page cache lookups by outcome (hit: sent from memory, miss: rendered)",
    ["outcome"] as const,
  );
  const storageFailures = countBy(
    "site_database_errors_total",
    "Storage failures answered 503 (or reported not ready), by cause and where",
    ["kind", "where"] as const,
  );
  // Every series a dashboard expects exists from the start, at 0, so rate() sees the first one.
  for (const form of leadForms)
    for (const outcome of leadOutcomes) leadSubmissions.labels({ form, outcome }).inc(0);
  for (const outcome of ["hit", "miss"]) pageCache.labels({ outcome }).inc(0);

  const recorder: MetricsRecorder = {
    leadSubmission: (form, outcome) => leadSubmissions.labels({ form, outcome }).inc(),
    storageFailure: (kind, where) => storageFailures.labels({ kind, where }).inc(),
    pageCacheLookup: (outcome) => pageCache.labels({ outcome }).inc(),
  };

  // One read per scrape: prom-client asks every gauge at once, and they share it.
  let reading: ReturnType<typeof readDatabase> | undefined;
  async function readDatabase() {
    try {
      const [outbox, incidents] = await Promise.all([readOutboxOverview(db), readAlertIncidents(db)]);
      return { outbox, incidents };
    } catch (error) {
      const kind = classifyStorageError(error);
      if (kind) recorder.storageFailure(kind, "metrics");
      // NaN, not the last values: a dashboard shows a gap rather than a stale figure.
      return undefined;
    }
  }
  const readOnce = () => (reading ??= readDatabase().finally(() => (reading = undefined)));

  new Gauge({
    name: "site_outbox_messages",
    help: "E-mails in the outbox by status (pending: queued or retrying, sent, dead: given up), read from the database",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const read = await readOnce();
      for (const status of outboxStatuses) this.set({ status }, read ? read.outbox.counts[status] : NaN);
    },
  });
  new Gauge({
    name: "site_outbox_oldest_pending_age_seconds",
    help: "Seconds since the oldest e-mail not yet sent was queued, whether due now or waiting for a retry; 0 when none is pending",
    registers,
    async collect() {
      const read = await readOnce();
      const oldest = read?.outbox.oldestPendingAt;
      const age = oldest ? Math.max(0, (now().getTime() - Date.parse(oldest)) / 1000) : 0;
      this.set(read ? Math.floor(age) : NaN);
    },
  });
  new Gauge({
    name: "site_alert_incident_open",
    help: "1 while an alert incident is open (dead-mail, queue-stalled), else 0; checked only when ALERT_EMAIL is set",
    labelNames: ["condition"] as const,
    registers,
    async collect() {
      const read = await readOnce();
      for (const condition of alertConditions) {
        const open = read?.incidents.get(condition)?.opened_at ? 1 : 0;
        this.set({ condition }, read ? open : NaN);
      }
    },
  });

  const observeRequests: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    // Read now: a mounted router rewrites req.url while it handles the request.
    const path = req.path;
    res.once("finish", () => {
      const labels = { method: methodLabel(req.method), route: routeLabel(path), status: res.statusCode };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return { ...recorder, registry, observeRequests };
}

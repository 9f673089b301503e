import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApiRouter } from "#server/api/router.ts";
import type { AppConfig } from "#server/platform/config.ts";
import { databaseLocation, projectRoot } from "#server/platform/config.ts";
import { createDatabaseContentSource } from "#server/content/content-source.ts";
import { createPageCopySource } from "#server/content/page-copy-source.ts";
import { createPreviewAccess } from "#server/content/preview-access.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { createRateLimitStores } from "#server/db/rate-limits.ts";
import { createScreenshotStore } from "#server/db/screenshots.ts";
import { createClientAddressKey } from "#server/operations/leads/client-address-key.ts";
import { createFormTokens, resolveFormSecret } from "#server/operations/leads/form-guard.ts";
import {
  createFollowUpScheduler,
  type FollowUpScheduler,
} from "#server/operations/leads/follow-up-reminder.ts";
import { createVisitorBooking } from "#server/operations/meetings/visitor-booking.ts";
import { isAppointmentManagePath } from "#shared/paths.ts";
import {
  createAppointmentReminders,
  type AppointmentReminders,
} from "#server/operations/meetings/visitor-reminders.ts";
import { createLeadService, forVisitor, type LeadService } from "#server/operations/leads/lead-service.ts";
import type { LeasedJob } from "#server/jobs/leased-job.ts";
import type { SiteLoadContext } from "#server/load-context.ts";
import { systemClock } from "#server/operations/context.ts";
import type { Logger } from "#server/platform/logger.ts";
import { createLogSampler } from "#server/platform/log-sampler.ts";
import {
  createOutboxWorker,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "#server/mail/outbox-worker.ts";
import { createMailTransport, type MailTransport } from "#server/mail/transport.ts";
import {
  assignNonce,
  fileSecurityHeaders,
  scriptHashPolicy,
  securityHeaders,
} from "#server/http/security.ts";
import {
  createSiteSettingsSource,
  editableSettingsOf,
  seedSiteSettings,
  type CurrentSettings,
  type SiteSettingsSource,
} from "#server/db/site-settings.ts";
import { mailContextOf } from "#server/mail/mail-context.ts";
import { createPageCache, FORM_TOKEN_PLACEHOLDER } from "#server/http/page-cache.ts";
import { sendFailure } from "#server/api/responses.ts";
import { finalErrorHandler } from "#server/api/errors.ts";
import { isWorkspacePath, redirectToCanonicalPath } from "#server/http/canonical-path.ts";
import { redactUrl } from "#server/platform/log-redaction.ts";
import { answerUnreadablePaths } from "#server/http/unreadable-path.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { createFormRateLimits } from "#server/http/form-rate-limits.ts";
import { guardPageForms, sendText } from "#server/http/page-form-guards.ts";
import { serveStaticAssets, serveUploads } from "#server/http/static-assets.ts";
import { healthRoutes } from "#server/http/health.ts";
import { assignRequestId } from "#server/platform/request-context.ts";
import { createRetentionSweep, type SweepResult } from "#server/operations/privacy/retention-sweep.ts";
import { createScheduledPublisher } from "#server/operations/content/content-publishing.ts";
import { createAlertScheduler, type AlertScheduler } from "#server/alerts/alert-check.ts";
import {
  createPageViewCounter,
  type PageViewCounter,
} from "#server/operations/insights/page-view-counter.ts";
import { createVisitorDaysSweep, type ForgottenDays } from "#server/operations/insights/visitor-days.ts";
import { createWeeklyReportJob, type WeeklyReportRun } from "#server/operations/insights/weekly-report.ts";
import { pageViewRoute } from "#server/api/page-view-route.ts";
import { calendarFeedRoute } from "#server/api/calendar-feed-route.ts";
import { createSiteMetrics, type SiteMetrics } from "#server/metrics/site-metrics.ts";
import { METRICS_PATH, metricsEndpoint } from "#server/metrics/endpoint.ts";
import { loadStaff, requireStaffPage } from "#server/workspace/guard.ts";
import { createDraftAccess } from "#server/workspace/draft-access.ts";
import { loadOnFirstRequest } from "#server/http/load-on-first-request.ts";
import { redirectMovedWorkspacePages } from "#server/workspace/moved-pages.ts";
import { startTotpSecrets, type TotpSecrets } from "#server/auth/totp-secrets.ts";

/**
 * A handler for the staff workspace's paths only, decided as the router reads the path
 * (any case, unreserved characters escaped), though only canonical paths get this far.
 */
const forWorkspace =
  (handler: express.RequestHandler): express.RequestHandler =>
  (req, res, next) =>
    onWorkspace(req) ? handler(req, res, next) : next();

/** Decided once a request: each handler that asks would otherwise parse the path again. */
const workspaceRequests = new WeakMap<express.Request, boolean>();
function onWorkspace(req: express.Request): boolean {
  let workspace = workspaceRequests.get(req);
  if (workspace === undefined) {
    workspace = isWorkspacePath(req.path);
    workspaceRequests.set(req, workspace);
  }
  return workspace;
}

/**
 * How often a kept page's revision is compared with the database's: a save (content,
 * settings) reaches every instance's pages within a second, render included
 * (docs/decisions/038-site-settings-in-the-database.md).
 */
const PAGE_REVISION_CHECK_MS = 500;
/** How often the page-view counter writes its batch. */
const PAGE_VIEW_FLUSH_MS = 5_000;

/** Log lines per status code per minute for requests answered 4xx. */
const CLIENT_ERROR_LINES_PER_MINUTE = 20;

export type AppOptions = {
  config: AppConfig;
  logger: Logger;
  /** The production React Router build; omitted in development, where Vite serves it. */
  build?: ServerBuild;
  vite?: ViteDevServer;
  /** Tests shorten the retry backoff, or keep the worker still and drain it themselves. */
  outbox?: Partial<OutboxWorkerOptions> & { autoStart?: boolean; transport?: MailTransport };
  /** The lead service's clock (appointment date window, bot timing). */
  now?: () => Date;
  /** The follow-up reminder's check; it starts with the outbox worker unless told otherwise. */
  followUp?: { autoStart?: boolean; now?: () => Date };
  /** The visitors' reminders of their meetings (server/operations/meetings/visitor-reminders.ts). */
  appointmentReminders?: { autoStart?: boolean; now?: () => Date };
  /** The daily retention sweep; it starts with the outbox worker unless told otherwise. */
  retention?: { autoStart?: boolean; now?: () => Date };
  /** The alert check (with ALERT_EMAIL set); it starts with the outbox worker unless told otherwise. */
  alerts?: { autoStart?: boolean; now?: () => Date };
  /** The scheduled publishing job; it starts with the outbox worker unless told otherwise. */
  publishing?: { autoStart?: boolean; now?: () => Date };
  /**
   * The page-view counter: how often it writes its batch (default every 5 s), its clock,
   * and the hourly job that forgets past visitor days, which starts with the outbox worker
   * unless told otherwise.
   */
  pageViews?: { autoStart?: boolean; flushEveryMs?: number; now?: () => Date };
  /** The weekly e-mail to admins; it starts with the outbox worker unless told otherwise. */
  weeklyReport?: { autoStart?: boolean; now?: () => Date };
  /** The staff workspace API's clock (the overview's today and this week, audit times). */
  workspace?: { now?: () => Date };
  /**
   * How often the page cache reads the content revision (default twice a second, so a
   * change shows on every instance within a second). Tests that change content and look at
   * once read it on every request.
   */
  pageCacheRevisionCheckMs?: number;
  /** How often the site settings' revision is looked at for requests the page cache does not answer (default 500 ms). */
  siteSettingsCheckMs?: number;
};

export type SiteApp = {
  app: Express;
  db: Db;
  leads: LeadService;
  outbox: OutboxWorker;
  /** Reminds the agency of leads still new near the 24-hour promise. */
  followUp: FollowUpScheduler;
  appointmentReminders: AppointmentReminders;
  /** Deletes personal data past its keeping time (docs/decisions/025-retention.md). */
  retention: LeasedJob<SweepResult>;
  /** Alerts ALERT_EMAIL, once per incident, when e-mails die or the queue stalls. */
  alerts: AlertScheduler;
  /** Publishes scheduled drafts when their time comes (docs/decisions/042-preview-and-scheduled-publishing.md). */
  publishing: LeasedJob<Array<{ kind: string; id: string }>>;
  /** Counts the site script's page views in batches (docs/decisions/044-first-party-counting.md). */
  pageViews: PageViewCounter;
  /** Forgets each day's visitor salt and seen visitors once the day is over. */
  visitorDays: LeasedJob<ForgottenDays>;
  /** Sends each admin last week's figures on Monday morning (docs/decisions/059-weekly-report.md). */
  weeklyReport: LeasedJob<WeeklyReportRun>;
  /** What /metrics reports (docs/decisions/026-metrics-and-alerts.md). */
  metrics: SiteMetrics;
  /** Releases what the app holds (database, mail worker); the HTTP server is the caller's. */
  /** Seals and opens the authenticator apps' secrets (docs/decisions/054-totp-secrets-at-rest.md). */
  totpSecrets: TotpSecrets;
  close(): Promise<void>;
};

/**
 * What the app holds: the database (opened and migrated), its secrets and settings, the
 * mail worker, the lead service and the scheduled jobs, made in the order they need each other.
 */
async function openServices(options: AppOptions) {
  const { config, logger } = options;
  const { autoStart: _autoStart, transport, ...overrides } = options.outbox ?? {};
  // One SMTP connection per send in flight: the pool is sized by the worker's concurrency.
  const workerOptions = { concurrency: config.mail.concurrency, ...overrides };
  // Every part reads the real clock (docs/decisions/078-one-clock.md) unless a test gives it its own.
  const workspaceNow = options.workspace?.now ?? systemClock;
  const db = await openDatabase(databaseLocation(config), {
    busyDeadlineMs: config.databaseLockWaitMs,
    poolSize: config.databasePoolSize,
    onClientError: (error) => logger.warn({ err: error }, "lost a PostgreSQL client; the pool replaces it"),
  });
  const formSecret = await resolveFormSecret(config, db).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const totpSecrets = await startTotpSecrets(config, db, logger).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const siteSettings = await startSiteSettings(db, config, logger, options.siteSettingsCheckMs);
  const outbox = createOutboxWorker({
    db,
    transport: transport ?? createMailTransport(config.mail, { maxConnections: workerOptions.concurrency }),
    config,
    mailContext: async () => mailContextOf(config, await siteSettings.refresh()),
    logger: logger.child({ component: "outbox" }),
    options: workerOptions,
  });
  // Pages sign their forms' start fields at the real time they are served, as they always
  // did: a test's fixed visitor clock would make every form look filled in no time at all.
  const formTokens = createFormTokens(formSecret, systemClock);
  const metrics = createSiteMetrics({ db, now: systemClock });
  // One reader of pages' copy: the pages' loaders and the acknowledgments share what it keeps.
  const pageCopy = createPageCopySource(db, workspaceNow);
  const leads = createLeadService({
    db,
    config,
    logger,
    tokens: formTokens,
    clientAddressKey: createClientAddressKey(formSecret),
    now: options.now ?? systemClock,
    onQueued: outbox.wake,
    metrics,
    pageCopy,
    // The counter is made below; a lead is sent long after both exist.
    visitCounted: (visitor, at) => pageViews.wasCounted(visitor, at),
  });
  /** What a scheduled job that sends mail gets: its own log component, and the outbox woken by what it queues. */
  const mailingJobDeps = (component: string, now: () => Date) => ({
    db,
    config,
    logger: logger.child({ component }),
    onQueued: outbox.wake,
    now,
  });
  const followUp = createFollowUpScheduler(mailingJobDeps("follow-up", options.followUp?.now ?? systemClock));
  const appointmentReminders = createAppointmentReminders(
    mailingJobDeps("appointment-reminders", options.appointmentReminders?.now ?? systemClock),
  );
  const retention = createRetentionSweep({
    db,
    config,
    logger: logger.child({ component: "retention" }),
    now: options.retention?.now ?? systemClock,
  });
  const alerts = createAlertScheduler(mailingJobDeps("alerts", options.alerts?.now ?? systemClock));
  const publishing = createScheduledPublisher({
    db,
    logger: logger.child({ component: "publishing" }),
    now: options.publishing?.now ?? systemClock,
  });
  const pageViews = createPageViewCounter({
    db,
    site: new URL(config.settings.siteUrl).host,
    logger: logger.child({ component: "page-views" }),
    flushEveryMs: options.pageViews?.flushEveryMs ?? PAGE_VIEW_FLUSH_MS,
    now: options.pageViews?.now ?? systemClock,
  });
  const visitorDays = createVisitorDaysSweep({
    db,
    logger: logger.child({ component: "visitor-days" }),
    now: options.pageViews?.now ?? systemClock,
  });
  const weeklyReport = createWeeklyReportJob(
    mailingJobDeps("weekly-report", options.weeklyReport?.now ?? systemClock),
  );
  const content = createDatabaseContentSource(
    db,
    config.settings.siteUrl,
    createScreenshotStore(db),
    pageCopy,
  );
  const visitorBooking = createVisitorBooking({ db, config, now: options.now ?? systemClock });
  const preview = createDraftAccess(db, createPreviewAccess(db, workspaceNow));
  return {
    db,
    totpSecrets,
    siteSettings,
    outbox,
    formTokens,
    metrics,
    leads,
    followUp,
    appointmentReminders,
    retention,
    alerts,
    publishing,
    pageViews,
    visitorDays,
    weeklyReport,
    content,
    visitorBooking,
    preview,
    workspaceNow,
  };
}

type Services = Awaited<ReturnType<typeof openServices>>;

/** One compact log line per request; client errors sampled, server errors always logged. */
function logRequests(app: Express, logger: Logger): void {
  // Client errors are sampled (log-sampler.ts); server errors are always logged.
  const clientErrorLog = createLogSampler({ perWindow: CLIENT_ERROR_LINES_PER_MINUTE, windowMs: 60_000 });
  const reportSuppressed = (count: number, status: string) =>
    logger.info({ status: Number(status), count }, "similar requests not logged in the last minute");
  app.use(
    pinoHttp({
      logger,
      // Health checkers poll every few seconds; their answers are not news.
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      genReqId: (_req, res) => res.locals.requestId,
      customLogLevel: (req, res, error) => {
        if (error || res.statusCode >= 500) return "error";
        // A scraper's every 15 s, like the health checks; refusals are logged as any 404.
        if (res.statusCode === 200 && req.url?.split("?")[0] === METRICS_PATH) return "debug";
        if (res.statusCode < 400) return "info";
        return clientErrorLog.admit(String(res.statusCode), reportSuppressed) ? "info" : "silent";
      },
      // One compact line per request: headers (cookies, nonces), bodies and the credentials
      // some links carry stay out of the logs; a refused body is named by its error type.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number; raw?: express.Response }) => {
          const bodyRefused = res.raw?.locals.bodyRefused;
          return bodyRefused ? { statusCode: res.statusCode, bodyRefused } : { statusCode: res.statusCode };
        },
      },
    }),
  );
}

/** The load context of a page: its nonce and settings, content, the visitor's services, the member of staff. */
function loadContextOf(
  config: AppConfig,
  services: Services,
  req: express.Request,
  res: express.Response,
  current: CurrentSettings,
): SiteLoadContext {
  const { content, preview, leads, visitorBooking, formTokens } = services;
  return {
    cspNonce: res.locals.cspNonce,
    settings: current.site,
    gtmId: config.gtmId,
    content,
    preview: preview(req),
    leads: forVisitor(leads, {
      ip: req.ip,
      userAgent: req.get("user-agent"),
      referer: req.get("referer"),
      host: req.get("host"),
    }),
    appointments: visitorBooking,
    formTokens,
    logger: req.log,
    staff: res.locals.staff,
    pathProblem: res.locals.pathProblem,
  };
}

/**
 * Pages kept rendered (production): answers the pages it keeps, and answers what
 * `recheckRevision` is, for a change staff make to show at once.
 */
function cachePages(
  app: Express,
  options: AppOptions,
  services: Services,
  mode: "production" | "development",
  loadContextWith: (req: express.Request, res: express.Response, current: CurrentSettings) => SiteLoadContext,
): () => void {
  const { config, logger, build } = options;
  const { formTokens, siteSettings, metrics } = services;
  const placeholderTokens = { ...formTokens, issue: () => FORM_TOKEN_PLACEHOLDER };
  const pageCache = createPageCache({
    render: createFetchHandler(requireBuild(build), mode),
    renderContext: (req, res) => ({
      // The settings read with the revision this render is stamped with (readRevision below).
      ...loadContextWith(req, res, siteSettings.current()),
      cspNonce: undefined,
      renderWhole: true,
      formTokens: placeholderTokens,
    }),
    issueFormToken: () => formTokens.issue(),
    readRevision: () => siteSettings.readRevision(),
    withScriptHashes: scriptHashPolicy(config),
    logger,
    revisionCheckMs: options.pageCacheRevisionCheckMs ?? PAGE_REVISION_CHECK_MS,
    onLookup: metrics.pageCacheLookup,
  });
  // Never from the page cache (docs/decisions/027-staff-authentication.md).
  // Nor a visitor's appointment page: its path holds their private link's token.
  app.use((req, res, next) =>
    onWorkspace(req) || isAppointmentManagePath(req.path) ? next() : pageCache.middleware(req, res, next),
  );
  return pageCache.recheckRevision;
}

/** Starts the mail worker and the scheduled jobs, each unless told otherwise. */
function startJobs(services: Services, options: AppOptions, autoStart: boolean): void {
  if (autoStart) services.outbox.start();
  // The page-view counter always runs: it only writes what requests counted. Its option
  // names the job that closes the visitor days.
  services.pageViews.start();
  const jobs = [
    [options.followUp, services.followUp],
    [options.appointmentReminders, services.appointmentReminders],
    [options.retention, services.retention],
    [options.alerts, services.alerts],
    [options.publishing, services.publishing],
    [options.pageViews, services.visitorDays],
    [options.weeklyReport, services.weeklyReport],
  ] as const;
  for (const [option, job] of jobs) if (option?.autoStart ?? autoStart) job.start();
}

/** Opens (and migrates) the database, starts the mail worker and builds the Express app. */
export async function createApp(options: AppOptions): Promise<SiteApp> {
  const { config, logger, build, vite } = options;
  const autoStart = options.outbox?.autoStart ?? true;
  const services = await openServices(options);
  const { db, totpSecrets, siteSettings, outbox, metrics, leads, pageViews, workspaceNow } = services;
  const app = express();

  app.disable("x-powered-by");
  // A hop count, never `true`: only the configured proxies may set the client IP.
  app.set("trust proxy", config.trustProxyHops);

  // First, so every answer is timed and counted, from memory or not.
  app.use(metrics.observeRequests);
  app.use(assignRequestId(config.trustProxyHops));
  // Every page view sends a beacon: answered before the request log and the page's
  // middleware, which have nothing to do for a body-less 204.
  app.use("/api", pageViewRoute({ config, counter: pageViews }));
  logRequests(app, logger);
  app.use(compression());
  // Files first, with the few headers a file needs; pages and API answers get the rest.
  app.use(fileSecurityHeaders);
  // Same origin as the pages, so CSP img-src 'self' covers uploaded screenshots.
  serveUploads(app, config, db, metrics);
  if (!vite) serveStaticAssets(app, path.join(projectRoot, "build", "client"));
  // After the files (named in any case), before anything that decides by the path.
  app.use(redirectToCanonicalPath);
  app.use(answerUnreadablePaths);
  app.use(assignNonce);
  app.use(securityHeaders(config));
  app.use(healthRoutes({ db, logger, warnings: config.warnings, metrics }));
  app.use(
    metricsEndpoint({
      registry: metrics.registry,
      policy: { token: config.metrics.token, trustProxyHops: config.trustProxyHops },
      logger,
    }),
  );
  // Staff calendar feeds: read by calendar apps with the token as the only credential.
  app.use(
    calendarFeedRoute({
      db,
      site: async () => ({
        siteUrl: config.settings.siteUrl,
        brandName: (await siteSettings.refresh()).site.brandName,
      }),
      now: workspaceNow,
    }),
  );
  // On PostgreSQL the instances count each visitor together; SQLite's one process counts in memory.
  const rateLimits = createFormRateLimits(
    config,
    { api: sendFailure, page: sendText },
    config.databaseUrl ? createRateLimitStores(db, logger) : undefined,
  );
  app.use("/api", createApiRouter({ config, leads, logger, rateLimits, metrics }));
  app.use(forWorkspace(loadStaff(db)));
  // Links e-mailed before the token moved into the fragment (valid for 24 hours) open the
  // same page; the fragment never reaches a server, a proxy's log or a Referer.
  app.get(`${staffPaths.invitation}/:token`, (req, res) => {
    res.redirect(302, `${staffPaths.invitation}#${encodeURIComponent(req.params.token)}`);
  });
  app.use(redirectMovedWorkspacePages());
  // Set once the page cache exists (production): a change staff make through the workspace
  // shows on this instance's next page at once, as "View on site" promises.
  let contentMayHaveChanged = () => {};
  app.use("/admin/api", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.on("finish", () => contentMayHaveChanged());
    next();
  });
  // Before the page forms' guards: the workspace's API checks the origin itself and limits
  // each body by what it takes (an image upload is megabytes, not a form's kilobytes).
  // Staff are few and visitors many: the workspace's API (and the sign-in, passkey and
  // password libraries it holds) loads with its first request, not with every start.
  app.use(
    "/admin/api",
    loadOnFirstRequest(async () =>
      (await import("#server/workspace/router.ts")).createWorkspaceApi({
        db,
        config,
        logger: logger.child({ component: "workspace" }),
        onQueued: outbox.wake,
        now: workspaceNow,
        siteSettings,
        totpSecrets,
      }),
    ),
  );
  guardPageForms(app, config, rateLimits);
  app.use(forWorkspace(requireStaffPage));

  if (vite) app.use(vite.middlewares);

  const loadContextWith = (req: express.Request, res: express.Response, current: CurrentSettings) =>
    loadContextOf(config, services, req, res, current);
  const getLoadContext = async (req: express.Request, res: express.Response) =>
    loadContextWith(req, res, await siteSettings.refresh());
  const mode = config.nodeEnv === "production" ? "production" : "development";

  // Pages are kept rendered in production; the dev server renders every request afresh.
  if (!vite) contentMayHaveChanged = cachePages(app, options, services, mode, loadContextWith);

  app.all(
    "/{*path}",
    createRequestHandler({
      build: vite
        ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : requireBuild(build),
      mode,
      getLoadContext,
    }),
  );

  // Whatever a route or middleware throws ends here, never in Express's own handler,
  // which prints the error (and a body parser's error holds the body) to stderr.
  app.use(finalErrorHandler(logger));

  startJobs(services, options, autoStart);

  const { followUp, appointmentReminders, retention, alerts, publishing, visitorDays, weeklyReport } =
    services;
  return {
    app,
    db,
    leads,
    outbox,
    followUp,
    appointmentReminders,
    retention,
    alerts,
    publishing,
    metrics,
    pageViews,
    visitorDays,
    weeklyReport,
    totpSecrets,
    async close() {
      await publishing.stop();
      // Before the database closes: the views counted since the last write are written now.
      await pageViews.stop();
      await visitorDays.stop();
      await weeklyReport.stop();
      await alerts.stop();
      await followUp.stop();
      await appointmentReminders.stop();
      await retention.stop();
      await outbox.stop();
      await db.destroy();
    },
  };
}

/**
 * The site settings this process serves (docs/decisions/038-site-settings-in-the-database.md):
 * a new database is seeded with the environment's values; a database that cannot be written
 * (read-only, full) still serves, with the settings it holds or the seed.
 */
async function startSiteSettings(
  db: Db,
  config: AppConfig,
  logger: Logger,
  checkMs: number | undefined,
): Promise<SiteSettingsSource> {
  const seed = editableSettingsOf(config.settings, config.mail.to);
  await seedSiteSettings(db, seed).catch((error: unknown) =>
    logger.warn({ err: error }, "site settings not seeded; serving the configured values until they can be"),
  );
  const source = createSiteSettingsSource({ db, seed, base: config.settings, checkMs });
  await source.refresh();
  return source;
}

function requireBuild(build: ServerBuild | undefined): ServerBuild {
  if (!build) throw new Error("createApp needs the server build (run `npm run build`) or a Vite dev server");
  return build;
}

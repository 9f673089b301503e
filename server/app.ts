import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createApiRouter } from "./api/router";
import type { AppConfig } from "./config";
import { projectRoot } from "./config";
import { createBuiltInContentSource, type ContentSource } from "./content/content-source";
import { openDatabase, type Db } from "./db/database";
import { createScreenshotStore } from "./db/screenshots";
import { createLeadService, type LeadService } from "./leads/lead-service";
import type { SiteLoadContext } from "./load-context";
import type { Logger } from "./logger";
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "./mail/outbox-worker";
import { createMailTransport, type MailTransport } from "./mail/transport";
import { assignNonce, securityHeaders } from "./security";
import { pageFormGuards } from "./page-form-guards";
import { serveStaticAssets, serveUploads } from "./static-assets";

export type AppOptions = {
  config: AppConfig;
  logger: Logger;
  /** The production React Router build; omitted in development, where Vite serves it. */
  build?: ServerBuild;
  vite?: ViteDevServer;
  /** Tests inject empty or failing content here. */
  content?: ContentSource;
  /** Tests shorten the retry backoff, or keep the worker still and drain it themselves. */
  outbox?: Partial<OutboxWorkerOptions> & { autoStart?: boolean; transport?: MailTransport };
  /** The lead service's clock (appointment date window, bot timing). */
  now?: () => Date;
};

export type SiteApp = {
  app: Express;
  db: Db;
  leads: LeadService;
  outbox: OutboxWorker;
  /** Releases what the app holds (database, mail worker); the HTTP server is the caller's. */
  close(): Promise<void>;
};

/** Opens (and migrates) the database, starts the mail worker and builds the Express app. */
export async function createApp(options: AppOptions): Promise<SiteApp> {
  const { config, logger, build, vite } = options;
  const { autoStart = true, transport, ...workerOptions } = options.outbox ?? {};
  const db = await openDatabase(config.databaseFile);
  const outbox = createOutboxWorker({
    db,
    transport: transport ?? createMailTransport(config.mail),
    config,
    logger: logger.child({ component: "outbox" }),
    options: workerOptions,
  });
  const leads = createLeadService({ db, config, logger, now: options.now, onQueued: outbox.wake });
  const content = options.content ?? createBuiltInContentSource(createScreenshotStore(db));
  const app = express();

  app.disable("x-powered-by");
  // A hop count, never `true`: only the configured proxies may set the client IP.
  app.set("trust proxy", config.trustProxyHops);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      // One compact line per request: headers (cookies, nonces) stay out of the logs.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(compression());
  app.use(assignNonce);
  app.use(securityHeaders(config));
  app.use("/api", createApiRouter({ config, leads, logger }));
  // Same origin as the pages, so CSP img-src 'self' covers uploaded screenshots.
  serveUploads(app, config.dataDir);
  app.post("/{*path}", pageFormGuards(config));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    serveStaticAssets(app, path.join(projectRoot, "build", "client"));
  }

  const getLoadContext = (req: express.Request, res: express.Response): SiteLoadContext => ({
    cspNonce: res.locals.cspNonce,
    settings: config.settings,
    gtmId: config.gtmId,
    content,
    leads,
    logger: req.log,
  });

  app.all(
    "/{*path}",
    createRequestHandler({
      build: vite
        ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : requireBuild(build),
      mode: config.nodeEnv === "production" ? "production" : "development",
      getLoadContext,
    }),
  );

  if (autoStart) outbox.start();

  return {
    app,
    db,
    leads,
    outbox,
    async close() {
      await outbox.stop();
      await db.destroy();
    },
  };
}

function requireBuild(build: ServerBuild | undefined): ServerBuild {
  if (!build) throw new Error("createApp needs the server build (run `npm run build`) or a Vite dev server");
  return build;
}

import type { ErrorRequestHandler, Express, RequestHandler, Response } from "express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import path from "node:path";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { classifyStorageError, retryAfterSeconds } from "#server/db/storage-errors.ts";
import { describeForLog } from "#shared/error-catalogue.ts";
import type { MetricsRecorder } from "#server/metrics/recorder.ts";
import { createUploadStore, type UploadStore } from "#server/files/uploaded-files.ts";
import { isUploadPath, UPLOADS_URL_PATH } from "#server/platform/uploads.ts";
import { setSvgPolicy } from "#server/http/security.ts";

const sendNotFound = (res: Response) => void res.status(404).type("text/plain").send("Not found");

/** A missing file under a fixed prefix is an ordinary 404, not an error worth a stack trace. */
const answerMissingFile: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
  if (error.status === 404) {
    sendNotFound(res);
    return;
  }
  next(error);
};

/**
 * Vite puts content-hashed files under /assets: they never change, so browsers
 * may keep them for a year, and the build compressed them once (Brotli and gzip beside
 * each file, scripts/compress-assets.mjs): the smallest the browser accepts is sent as
 * it is. Everything else (images, favicon) is cached briefly so a redeploy shows up
 * within the hour.
 */
export function serveStaticAssets(app: Express, clientDir: string): void {
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        index: false,
        fallthrough: false,
        setHeaders: setSvgPolicy,
      },
    }),
    answerMissingFile,
  );
  const serveFile = express.static(clientDir, { maxAge: "1h", index: false, setHeaders: setSvgPolicy });
  // Every file here has an extension and no page does: asking the disk about a page's path
  // would cost each page view a stat for nothing.
  app.use((req, res, next) => (path.posix.extname(req.path) ? serveFile(req, res, next) : next()));
}

/** What browsers may do with an upload: keep it a year, never ask again (its name is its content). */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Only GET and HEAD, as express.static answers, and only names the store makes: anything
 * else (a traversal, an encoded slash, a dot file) is 404 before a file or row is looked up.
 */
const admitUploadRequests: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.status(405).set({ Allow: "GET, HEAD", "Content-Length": "0" }).end();
    return;
  }
  // req.path is as sent, still percent-encoded: the pattern admits no `%`, so nothing is decoded.
  if (!isUploadPath(req.path.slice(1))) return sendNotFound(res);
  next();
};

/**
 * Uploads from the database, for instances that share no disk. Same answer as the
 * static files: the name holds the content hash, so it is a strong ETag and `res.send`
 * answers 304 to a matching If-None-Match (and no body to HEAD).
 */
function serveFromStore(store: UploadStore): RequestHandler {
  return async (req, res) => {
    const name = req.path.slice(1);
    const file = await store.get(name);
    if (!file) return sendNotFound(res);
    res.set({
      "Content-Type": file.contentType,
      "Cache-Control": IMMUTABLE,
      ETag: `"${path.posix.basename(name)}"`,
    });
    res.send(file.bytes);
  };
}

/** A failed read is logged and answered in plain text, uncached; 503 when storage is away for a while. */
const answerReadFailure =
  (metrics: Pick<MetricsRecorder, "storageFailure"> | undefined): ErrorRequestHandler =>
  (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const storage = classifyStorageError(error);
    if (storage) metrics?.storageFailure(storage, "uploads");
    req.log.error({ path: req.path, storage, error: describeForLog("uploads", error) }, "upload not served");
    res.status(storage ? 503 : 500).set("Cache-Control", "no-store");
    if (storage) res.set("Retry-After", String(retryAfterSeconds()));
    res.type("text/plain").send(storage ? "Service unavailable" : "Internal server error");
  };

/**
 * Uploaded files are named by a hash of their content, so a URL never changes meaning
 * and browsers may keep it forever. On SQLite they are files on the data volume; on
 * PostgreSQL rows every instance reads (server/files/uploaded-files.ts). A missing file answers
 * 404 here rather than reaching the page router.
 */
export function serveUploads(
  app: Express,
  config: Pick<AppConfig, "dataDir" | "databaseUrl">,
  db: Db,
  metrics?: Pick<MetricsRecorder, "storageFailure">,
): void {
  const store = createUploadStore(config, db);
  if (store.kind === "disk") {
    app.use(
      UPLOADS_URL_PATH,
      admitUploadRequests,
      express.static(store.directory, {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
        fallthrough: false,
      }),
      answerMissingFile,
    );
    return;
  }
  app.use(UPLOADS_URL_PATH, admitUploadRequests, serveFromStore(store), answerReadFailure(metrics));
}

import type { ErrorRequestHandler, Express } from "express";
import express from "express";
import path from "node:path";
import { UPLOADS_URL_PATH, uploadsDirectory } from "./uploads";

/** A missing file under a fixed prefix is an ordinary 404, not an error worth a stack trace. */
const answerMissingFile: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
  if (error.status === 404) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  next(error);
};

/**
 * Vite puts content-hashed files under /assets: they never change, so browsers
 * may keep them for a year. Everything else (images, favicon) is cached briefly
 * so a redeploy shows up within the hour.
 */
export function serveStaticAssets(app: Express, clientDir: string): void {
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
    answerMissingFile,
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
}

/**
 * Uploaded files are named by a hash of their content, so a URL never changes meaning
 * and browsers may keep it forever. A missing file answers 404 here rather than
 * reaching the page router.
 */
export function serveUploads(app: Express, dataDir: string): void {
  app.use(
    UPLOADS_URL_PATH,
    express.static(uploadsDirectory(dataDir), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
    answerMissingFile,
  );
}

import type { Express } from "express";
import express from "express";
import path from "node:path";

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
  );
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
}

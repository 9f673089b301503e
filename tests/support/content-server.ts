/**
 * Serves the production build with a chosen content source, for browser tests of
 * the empty and error states, or with analytics configured:
 * `tsx tests/support/content-server.ts empty|failing|analytics`.
 * Prints "listening <port>" once ready.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import {
  createFailingContentSource,
  createStaticContentSource,
  emptyContent,
} from "../../server/content/content-source";
import { createLogger } from "../../server/logger";
import { loadServerBuild } from "./test-app";

const kind = process.argv[2];
if (kind !== "empty" && kind !== "failing" && kind !== "analytics") {
  throw new Error("usage: content-server.ts empty|failing|analytics");
}

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  HOST: "127.0.0.1",
  PORT: "0",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), `site-${kind}-`)),
  ...(kind === "analytics" ? { GTM_ID: "GTM-TEST123" } : {}),
});
const content =
  kind === "empty"
    ? createStaticContentSource(emptyContent)
    : kind === "failing"
      ? createFailingContentSource()
      : undefined;
const site = await createApp({
  config,
  logger: createLogger("silent"),
  build: await loadServerBuild(),
  content,
});
const server = site.app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => {
  server.close();
  void site.close().then(() => process.exit(0));
});

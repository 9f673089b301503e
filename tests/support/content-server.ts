/**
 * Serves the production build for browser tests of the empty and error states, or with
 * analytics configured. "empty" is a real database every item was removed from with the
 * admin commands; "failing" swaps in a content source whose every read fails:
 * `tsx tests/support/content-server.ts empty|failing|analytics`.
 * Prints "listening <port>" once ready.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { runAdmin } from "../../server/admin/program";
import { createFailingContentSource } from "../../server/content/content-source";
import { contentKinds, listContent } from "../../server/db/content-items";
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
const site = await createApp({
  config,
  logger: createLogger("silent"),
  build: await loadServerBuild(),
  content: kind === "failing" ? createFailingContentSource() : undefined,
});
if (kind === "empty") {
  const out = { stdout: () => undefined, stderr: (text: string) => void process.stderr.write(text) };
  const context = async () => ({ db: site.db, config, out });
  for (const contentKind of contentKinds) {
    for (const record of await listContent(site.db, contentKind, { includeDrafts: true })) {
      const code = await runAdmin([contentKind, "remove", record.id], { out, context });
      if (code !== 0) throw new Error(`could not remove ${contentKind} ${record.id}`);
    }
  }
}
const server = site.app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => {
  server.close();
  void site.close().then(() => process.exit(0));
});

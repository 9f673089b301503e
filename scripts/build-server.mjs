// Bundles the Express server into build/app/server.js, started by build/app/index.js
// (server/start.ts, which makes sure of the heap limits first), its SMTP thread beside it
// in smtp-thread.js, and the admin CLI into build/admin/index.js (the package's
// `site-admin` bin), so production runs plain JavaScript on Node 20 and 24. Packages
// stay external: npm installs them.
import { rm } from "node:fs/promises";
import { build } from "esbuild";
import { buildCliBundle, nodeBundleOptions, stopEsbuild } from "./lib/node-bundles.mjs";

// The SMTP pool runs in a thread of its own (server/mail/smtp-thread.ts), started from build/app.
// Split: what only some requests need (the workspace's API, booking, insights) is its own
// chunk, loaded with its first request, so a start parses and links only what a first page
// needs (docs/decisions/077-server-chunks.md). A new build replaces every old chunk.
await rm(new URL("../build/app", import.meta.url), { recursive: true, force: true });
await build({
  ...nodeBundleOptions,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  entryPoints: {
    index: "server/start.ts",
    server: "server/index.ts",
    "smtp-thread": "server/mail/smtp-thread.ts",
  },
  outdir: "build/app",
});

// Shared with `npm run admin`, which rebuilds it alone when its sources changed.
await buildCliBundle();
await stopEsbuild();

// Bundles the Express server into build/app/index.js, and the admin CLI into
// build/admin/index.js (the package's `site-admin` bin), so production runs plain
// JavaScript on Node 20 and 24. Packages stay external: npm installs them.
import { chmod } from "node:fs/promises";
import { build } from "esbuild";

const shared = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

await build({ ...shared, entryPoints: { index: "server/index.ts" }, outdir: "build/app" });

await build({
  ...shared,
  entryPoints: { index: "scripts/admin.ts" },
  outdir: "build/admin",
  banner: { js: "#!/usr/bin/env node" },
});
// Executable, so the bin link (or the file itself) runs as one command.
await chmod("build/admin/index.js", 0o755);

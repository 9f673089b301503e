// Bundles the Express server into build/app/index.js so production runs plain
// JavaScript on Node 20 and 24. Packages stay external: npm installs them.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts" },
  outdir: "build/app",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

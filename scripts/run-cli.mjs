// `npm run admin -- <command>`: the admin CLI as production runs it, build/admin/index.js,
// which starts in under half a second where tsx took one to five. When the bundle is
// missing, or a file it was built from changed, it is rebuilt first (under a second), so
// a command never runs stale code and a fresh clone needs no `npm run build` first.
import { pathToFileURL } from "node:url";
import { cliBundle, cliBundleIsCurrent, buildCliBundle, stopEsbuild } from "./lib/node-bundles.mjs";

if (!(await cliBundleIsCurrent())) {
  // stderr, so `--json` output piped elsewhere stays clean.
  process.stderr.write(
    "Building the admin CLI first: build/admin/index.js is missing or older than its sources.\n",
  );
  try {
    await buildCliBundle();
    await stopEsbuild();
  } catch {
    // esbuild has printed what is wrong, with file and line.
    process.stderr.write("error: the admin CLI does not build; see above\n");
    process.exit(1);
  }
}

// The bundle reads process.argv.slice(2), which here is the admin's command line as well.
await import(pathToFileURL(cliBundle).href);

// The esbuild settings of the two Node.js bundles (scripts/build-server.mjs), and the
// CLI's bundle: building it, and telling whether it is older than its sources, so
// `npm run admin` (scripts/run-cli.mjs) can run plain JavaScript yet never stale code.
// JavaScript, not TypeScript: it runs before anything could compile TypeScript.
import { readFileSync } from "node:fs";
import { chmod, mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Packages bundled into the server and the CLI rather than loaded from node_modules:
 * Kysely is some 400 small ES modules, and resolving and linking them one by one was 80 ms
 * of every start; bundled, only what is used is there (docs/decisions/023-start-up-and-memory.md).
 * Nothing else loads Kysely, so there is one copy per process.
 */
const bundledPackages = ["kysely"];
const manifest = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
/** Every other package stays external (npm installs it); a package's subpaths are external with it. */
const externalPackages = [
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.devDependencies),
].filter((name) => !bundledPackages.includes(name));

export const nodeBundleOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: externalPackages,
  sourcemap: true,
  logLevel: "warning",
  absWorkingDir: projectRoot,
};

const cliDir = path.join(projectRoot, "build", "admin");
/** The `site-admin` bin. */
export const cliBundle = path.join(cliDir, "index.js");
/** What the bundle was built from, and when (see cliBundleIsCurrent). */
const cliSources = path.join(cliDir, "sources.json");

/** Written beside its target and renamed over it: a CLI started meanwhile never reads half a file. */
async function writeAtomically(file, contents, mode = 0o644) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents, { mode });
  await chmod(temporary, mode);
  await rename(temporary, file);
}

/** Bundles scripts/cli.ts into build/admin/index.js, executable, and records its sources. */
export async function buildCliBundle() {
  const { build } = await import("esbuild");
  // Sources are compared with the moment the build started: one saved during it is newer.
  const startedAt = Date.now();
  const result = await build({
    ...nodeBundleOptions,
    entryPoints: { index: "scripts/cli.ts" },
    outdir: cliDir,
    banner: { js: "#!/usr/bin/env node" },
    write: false,
    metafile: true,
  });
  await mkdir(cliDir, { recursive: true });
  for (const file of result.outputFiles) {
    await writeAtomically(file.path, file.contents, file.path === cliBundle ? 0o755 : 0o644);
  }
  const sources = Object.keys(result.metafile.inputs);
  await writeAtomically(cliSources, `${JSON.stringify({ startedAt, sources }, null, 2)}\n`);
}

/**
 * True when build/admin/index.js exists and no file it was built from has changed (or
 * gone) since that build started. A new source file needs an import in an old one, so
 * the old one's change is enough to notice it.
 */
export async function cliBundleIsCurrent() {
  try {
    await stat(cliBundle);
    const { startedAt, sources } = JSON.parse(await readFile(cliSources, "utf8"));
    for (const source of sources) {
      if ((await stat(path.join(projectRoot, source))).mtimeMs > startedAt) return false;
    }
    return true;
  } catch {
    // No bundle, no record of its sources (a build from before they were recorded) or a source gone.
    return false;
  }
}

/** Child processes of this one, from Linux's /proc (none elsewhere, or when it is not readable). */
async function childProcesses() {
  try {
    const tasks = await readdir("/proc/self/task");
    const lists = await Promise.all(
      tasks.map((task) => readFile(`/proc/self/task/${task}/children`, "utf8")),
    );
    return lists.join(" ").split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Stops esbuild's service process and waits (up to 2 s) until it has exited and been
 * reaped. Otherwise this script ends first, and the service is left to PID 1, which on
 * some machines keeps it as a zombie for long after the build.
 */
export async function stopEsbuild() {
  const { stop } = await import("esbuild");
  await stop();
  const deadline = Date.now() + 2000;
  while ((await childProcesses()).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The visitor pages' islands (docs/decisions/064-islands.md): each interactive part of a
 * page (a form, the carousel) hydrates as its own React root from a small entry of
 * client/islands/, and nothing of React Router runs in a visitor's browser. esbuild bundles
 * the entries with code splitting: React and what several islands share go into shared
 * chunks, and what a form loads on first use (its schema, the toaster, the carousel's
 * library) into chunks of their own.
 *
 * The client build emits the files under assets/; the server's build imports
 * `virtual:islands`, each island's entry and the chunks it imports at once, which the root
 * names in the page (client/root.tsx). The same bundle serves both, built once a process.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import type { Plugin, ViteDevServer } from "vite";

const id = "virtual:islands";
const resolved = `\0${id}`;
const root = path.resolve(import.meta.dirname, "../..");
const islandsDir = path.join(root, "client", "islands");

/** The islands, by name: each is an entry client/islands/<name>.tsx. */
export const islandNames = (): string[] =>
  readdirSync(islandsDir)
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => file.slice(0, -".tsx".length))
    .sort();

/**
 * What islands load on first use, as entries of their own so that each is one file named
 * after what it holds (`island-website-design-lead-schema-….js`, `island-embla-carousel-….js`): a
 * dynamic import of an entry loads that entry's file.
 */
const onDemand = (): Array<{ in: string; out: string }> => [
  ...readdirSync(path.join(root, "shared", "forms"))
    .filter((file) => file.endsWith("-schema.ts"))
    .map((file) => ({ in: path.join(root, "shared", "forms", file), out: file.slice(0, -".ts".length) })),
  { in: path.join(root, "client", "components", "ui", "toaster.tsx"), out: "toaster" },
  { in: "embla-carousel", out: "embla-carousel" },
];

/** One island's files as the page names them: its entry, and every file it imports at once. */
export type IslandFiles = { entry: string; imports: string[] };

export type IslandBundle = {
  /** Each output file (`assets/…js`) and its text. */
  files: Array<{ fileName: string; text: string }>;
  /** Each output file's modules, as absolute paths (scripts/lib/client-module-list.ts records them). */
  modules: Record<string, string[]>;
  /** Each island's entry and static imports, as URLs. */
  manifest: Record<string, IslandFiles>;
};

/** Every file `output` imports at once (not on demand), transitively, `output` excluded. */
function staticImports(metafile: Metafile, output: string, seen = new Set<string>()): string[] {
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind !== "import-statement" || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(metafile, imported.path, seen);
  }
  return [...seen];
}

/** Builds every island; `dev` keeps React's development build and skips minifying. */
export async function bundleIslands({ dev = false }: { dev?: boolean } = {}): Promise<IslandBundle> {
  const outdir = path.join(root, "build", "client");
  const names = islandNames();
  const result = await build({
    entryPoints: [
      ...names.map((name) => ({ in: path.join(islandsDir, `${name}.tsx`), out: name })),
      ...onDemand(),
    ],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: !dev,
    target: "es2022",
    jsx: "automatic",
    outdir,
    // In development the names stay put, so a page rendered before a change still finds them.
    // Every file is `island-…`: the islands' own, apart from the workspace's build.
    entryNames: dev ? "assets/island-[name]" : "assets/island-[name]-[hash]",
    chunkNames: "assets/island-chunk-[hash]",
    write: false,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
    define: {
      "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production"),
      "import.meta.env.SSR": "false",
      "import.meta.env.DEV": JSON.stringify(dev),
      "import.meta.env.PROD": JSON.stringify(!dev),
    },
  });
  const { metafile } = result;
  const relative = (file: string) =>
    path.relative(outdir, path.resolve(root, file)).split(path.sep).join("/");
  const files = result.outputFiles.map((file) => ({ fileName: relative(file.path), text: file.text }));
  const modules: Record<string, string[]> = {};
  const manifest: Record<string, IslandFiles> = {};
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    modules[relative(output)] = Object.keys(meta.inputs).map((input) => path.resolve(root, input));
    const entry = meta.entryPoint ? path.basename(meta.entryPoint, ".tsx") : undefined;
    if (entry && meta.entryPoint?.startsWith("client/islands/")) {
      manifest[entry] = {
        entry: `/${relative(output)}`,
        imports: dev ? [] : staticImports(metafile, output).map((file) => `/${relative(file)}`),
      };
    }
  }
  for (const name of names) {
    if (!manifest[name]) throw new Error(`No output for the island ${name}`);
  }
  return { files, modules, manifest };
}

let built: Promise<IslandBundle> | undefined;
/** The production bundle, built once for both of the build's environments. */
export const productionIslands = (): Promise<IslandBundle> => (built ??= bundleIslands());

export function islands(): Plugin {
  let server: ViteDevServer | undefined;
  let devBundle: Promise<IslandBundle> | undefined;
  const current = () => (server ? (devBundle ??= bundleIslands({ dev: true })) : productionIslands());
  return {
    name: "islands",
    configureServer(devServer) {
      server = devServer;
      // Any change to the client's sources may change an island: build afresh on next use.
      devServer.watcher.on("change", () => {
        devBundle = undefined;
      });
      devServer.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith("/assets/island-")) return next();
        current().then(
          ({ files }) => {
            const file = files.find((candidate) => `/${candidate.fileName}` === url);
            if (!file) return next();
            res.setHeader("Content-Type", "text/javascript");
            res.end(file.text);
          },
          (error: unknown) => next(error),
        );
      });
    },
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(moduleId) {
      if (moduleId !== resolved) return undefined;
      const { manifest } = await current();
      return `export default ${JSON.stringify(manifest)};`;
    },
    async generateBundle() {
      // Only the browser's build writes the files; the server's needs the names alone.
      if (this.environment.name !== "client") return;
      for (const file of (await productionIslands()).files) {
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.text });
      }
    },
  };
}

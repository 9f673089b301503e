/**
 * Records which modules went into the browser bundle, so a test can prove from the build
 * itself (not only from the lint rule on imports) that no server code reaches visitors:
 * tests/api/client-bundle.test.ts reads the list.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { productionIslands } from "./islands-plugin.ts";

/**
 * Beside the client build, under a dot folder: express.static ignores dot files and
 * folders (server/http/static-assets.ts), so visitors never get it.
 */
export const CLIENT_MODULE_LIST = ".vite/modules.json";

/**
 * Beside it: each script file's modules, `{ "assets/common-….js": [ids] }`, so a test can
 * tell which modules a page's files bring (docs/decisions/037-visitor-chunks.md).
 */
export const CLIENT_CHUNK_LIST = ".vite/chunks.json";

/**
 * A module id as a project-relative path with forward slashes; a dependency as
 * `node_modules/<package>/…` from its last node_modules folder, so a hoisted or
 * pnpm-style install reads the same. Virtual ids (no file) are kept, without the `\0`.
 */
export function projectRelativeId(root: string, id: string): string {
  const bare = id.replace(/^\0/, "").replace(/\?.*$/, "");
  if (!path.isAbsolute(bare)) return bare;
  const relative = path.relative(root, bare).split(path.sep).join("/");
  const dependency = relative.lastIndexOf("node_modules/");
  return dependency > 0 ? relative.slice(dependency) : relative;
}

/**
 * Writes CLIENT_MODULE_LIST, every module id of every chunk of the client build, sorted, and
 * CLIENT_CHUNK_LIST, the same per chunk.
 */
export function recordClientModules(): Plugin {
  return {
    name: "record-client-modules",
    apply: "build",
    // Only the browser's bundle is the boundary; the server build may hold anything.
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle(_options, bundle) {
      const root = this.environment.config.root;
      const ids = new Set<string>();
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const chunkIds = output.moduleIds.map((id) => projectRelativeId(root, id));
        for (const id of chunkIds) ids.add(id);
        chunks[output.fileName] = chunkIds.sort();
      }
      // The islands, bundled beside the build (scripts/lib/islands-plugin.ts), are what visitors run.
      for (const [fileName, inputs] of Object.entries((await productionIslands()).modules)) {
        const islandIds = inputs.map((input) => projectRelativeId(root, input));
        for (const id of islandIds) ids.add(id);
        chunks[fileName] = islandIds.sort();
      }
      this.emitFile({
        type: "asset",
        fileName: CLIENT_MODULE_LIST,
        source: `${JSON.stringify([...ids].sort(), null, 2)}\n`,
      });
      this.emitFile({
        type: "asset",
        fileName: CLIENT_CHUNK_LIST,
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      });
    },
  };
}

/**
 * `import siteScript from "virtual:site-script"` gives client/site-script/ bundled and
 * minified as one classic script, as a string, which the root inlines at the end of every
 * page (docs/decisions/019-pages-without-a-framework.md). Inline, it costs no request and
 * runs as soon as the markup it enhances is parsed; the page cache allows it by its hash.
 */
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const id = "virtual:site-script";
const resolved = `\0${id}`;
const entry = path.resolve(import.meta.dirname, "../../client/site-script/index.ts");

/** The bundled script; throws if it could end the inline <script> element it goes into. */
export async function bundleSiteScript(): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = (result.outputFiles[0]?.text ?? "").trim();
  if (/<\/script|<!--/i.test(code)) throw new Error("The site script contains </script or <!--");
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)) };
}

export function siteScript(): Plugin {
  return {
    name: "site-script",
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(moduleId) {
      if (moduleId !== resolved) return undefined;
      const { code, inputs } = await bundleSiteScript();
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

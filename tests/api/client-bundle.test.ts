import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../server/config";

/**
 * The browser never downloads libphonenumber-js or its metadata (decision 010): the
 * server checks phone numbers in full, the browser only their shape. `npm test` builds
 * before this runs; it reads what visitors would get.
 */

const assetsDir = path.join(projectRoot, "build", "client", "assets");
/** Text only libphonenumber-js holds: its metadata's top-level key, and a parser error's name. */
const markers = ["country_calling_codes", "INVALID_COUNTRY"];

/** The JavaScript files in `dir` that hold any marker. */
function scriptsHoldingPhoneLibrary(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => /\.m?js$/.test(file))
    .filter((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      return markers.some((marker) => text.includes(marker));
    });
}

describe("the browser bundle", () => {
  it("recognises the library by its markers (they are still in its code and metadata)", () => {
    const require = createRequire(import.meta.url);
    const metadata = readFileSync(require.resolve("libphonenumber-js/metadata.min.json"), "utf8");
    const library = path.dirname(require.resolve("libphonenumber-js/package.json"));
    const parser = readFileSync(path.join(library, "es6", "parse.js"), "utf8");
    expect(metadata).toContain(markers[0]);
    expect(parser).toContain(markers[1]);

    const fakeAssets = mkdtempSync(path.join(tmpdir(), "bundle-probe-"));
    try {
      writeFileSync(path.join(fakeAssets, "clean.js"), "export const x = 1;");
      writeFileSync(path.join(fakeAssets, "phone.js"), `export default ${metadata};`);
      expect(scriptsHoldingPhoneLibrary(fakeAssets)).toEqual(["phone.js"]);
    } finally {
      rmSync(fakeAssets, { recursive: true, force: true });
    }
  });

  it("holds neither libphonenumber-js nor its metadata", () => {
    let scripts: string[];
    try {
      scripts = readdirSync(assetsDir).filter((file) => file.endsWith(".js"));
    } catch (error) {
      throw new Error(`No client build in ${assetsDir}: run \`npm run build\` first`, { cause: error });
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scriptsHoldingPhoneLibrary(assetsDir)).toEqual([]);
  });
});

import express from "express";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { CLIENT_MODULE_LIST } from "#scripts/lib/client-module-list.ts";
import { projectRoot } from "#server/platform/config.ts";
import { serveStaticAssets } from "#server/http/static-assets.ts";

/**
 * The browser never downloads libphonenumber-js or its metadata (decision 010): the
 * server checks phone numbers in full, the browser only their shape. `npm test` builds
 * before this runs; it reads what visitors would get.
 */

const clientDir = path.join(projectRoot, "build", "client");
const assetsDir = path.join(clientDir, "assets");
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

/**
 * The same boundary as the lint rule on client/ and shared/ imports (eslint.config.js),
 * proven on what the build actually bundled: the Vite plugin in
 * scripts/lib/client-module-list.ts records every module of the browser bundle.
 */

/** Dependencies that only the server may load: databases, mail, logging, HTTP serving, images, password lists. */
const serverOnlyPackages = new Set([
  "@react-router/express",
  "@react-router/node",
  // The common passwords and the estimator that uses them (docs/decisions/053-common-and-own-words-in-passwords.md).
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-common",
  "better-sqlite3",
  "commander",
  "compression",
  "csv-stringify",
  "express",
  "express-rate-limit",
  "helmet",
  "kysely",
  "libphonenumber-js",
  "nodemailer",
  "pg",
  "pg-pool",
  "pg-protocol",
  "pino",
  "pino-http",
  "sharp",
  "smtp-server",
]);
// zod is not here: client forms validate with the schemas in shared/forms before posting.

/** `react-dom` from `node_modules/react-dom/client.js`, `@scope/name` for scoped packages. */
function packageOf(id: string): string | undefined {
  const parts = id.split("/");
  if (parts[0] !== "node_modules" || !parts[1]) return undefined;
  return parts[1].startsWith("@") ? `${parts[1]}/${parts[2]}` : parts[1];
}

/**
 * Why each module must not be in the browser bundle, as `id: reason`. `readSource` gives
 * a project file's text (undefined when it is not one), to catch code that reads the
 * server's environment, where the secrets are (server/platform/config.ts).
 */
function serverOnlyModules(ids: readonly string[], readSource: (id: string) => string | undefined): string[] {
  return ids.flatMap((id) => {
    if (/^(server|scripts)\//.test(id)) return [`${id}: server code`];
    if (/\.server(\.[cm]?[jt]sx?)?(\/|$)/.test(id)) return [`${id}: a .server module`];
    // Vite's stand-in for a Node built-in (node:fs, node:crypto…) imported by browser code.
    if (id.includes("__vite-browser-external")) return [`${id}: Node built-in`];
    const dependency = packageOf(id);
    if (dependency)
      return serverOnlyPackages.has(dependency) ? [`${id}: server-only package ${dependency}`] : [];
    return /\bprocess\.env\b/.test(readSource(id) ?? "") ? [`${id}: reads process.env`] : [];
  });
}

/** A project source file's text; undefined for virtual ids and bundler runtime. */
function readProjectSource(id: string): string | undefined {
  if (!/^(client|shared|data)\//.test(id)) return undefined;
  return readFileSync(path.join(projectRoot, id), "utf8");
}

describe("the modules in the browser bundle", () => {
  it("names server code, server-only packages and environment readers (self-test)", () => {
    const sources: Record<string, string> = {
      "shared/clean.ts": "export const x = 1;",
      "shared/leaky.ts": "export const key = process.env.SESSION_SECRET;",
    };
    const fake = [
      "client/root.tsx",
      "node_modules/react/index.js",
      "node_modules/zod/v4/core/core.js",
      "server/db/database.ts",
      "scripts/build-server.mjs",
      "client/lib/session.server.ts",
      "node_modules/pg/lib/index.js",
      "node_modules/@react-router/node/dist/index.mjs",
      "__vite-browser-external:node:fs",
      "shared/clean.ts",
      "shared/leaky.ts",
    ];
    expect(serverOnlyModules(fake, (id) => sources[id])).toEqual([
      "server/db/database.ts: server code",
      "scripts/build-server.mjs: server code",
      "client/lib/session.server.ts: a .server module",
      "node_modules/pg/lib/index.js: server-only package pg",
      "node_modules/@react-router/node/dist/index.mjs: server-only package @react-router/node",
      "__vite-browser-external:node:fs: Node built-in",
      "shared/leaky.ts: reads process.env",
    ]);
  });

  it("holds client code and React, and nothing only the server may load", () => {
    const listFile = path.join(clientDir, CLIENT_MODULE_LIST);
    let ids: string[];
    try {
      ids = JSON.parse(readFileSync(listFile, "utf8")) as string[];
    } catch (error) {
      throw new Error(`No module list in ${listFile}: run \`npm run build\` first`, { cause: error });
    }
    // A list that lost its entries would pass the check below; make sure it is the real one.
    expect(ids).toContain("client/root.tsx");
    expect(ids).toContain("client/entry.client.tsx");
    expect(ids.some((id) => id.startsWith("node_modules/react-dom/"))).toBe(true);
    expect(ids.filter((id) => id.startsWith("client/")).length).toBeGreaterThan(20);
    expect(serverOnlyModules(ids, readProjectSource)).toEqual([]);
  });

  it("is not served to visitors, nor is Vite's manifest", async () => {
    // A client folder with both files present: React Router deletes the manifest after
    // the build, but a `build.manifest` setting would keep it.
    const fakeClient = mkdtempSync(path.join(tmpdir(), "client-build-"));
    try {
      mkdirSync(path.join(fakeClient, ".vite"));
      writeFileSync(path.join(fakeClient, ".vite", "manifest.json"), "{}");
      writeFileSync(path.join(fakeClient, CLIENT_MODULE_LIST), "[]");
      writeFileSync(path.join(fakeClient, "favicon.svg"), "<svg/>");
      const app = express();
      serveStaticAssets(app, fakeClient);
      // The ordinary file is served, so the 404s below come from the dot folder.
      await request(app).get("/favicon.svg").expect(200);
      await request(app).get("/.vite/manifest.json").expect(404);
      await request(app).get(`/${CLIENT_MODULE_LIST}`).expect(404);
    } finally {
      rmSync(fakeClient, { recursive: true, force: true });
    }

    const built = express();
    serveStaticAssets(built, clientDir);
    await request(built).get("/favicon.svg").expect(200);
    await request(built).get(`/${CLIENT_MODULE_LIST}`).expect(404);
  });
});

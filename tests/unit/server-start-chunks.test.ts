import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a start of the built server parses before it answers its first page: build/app/server.js
 * and every file it imports statically, chunks and packages (docs/decisions/077-server-chunks.md).
 * The workspace's API and the large packages only some requests need load with their first
 * use, so a regression here is a slower start and a larger process on every instance.
 */
const appDir = path.resolve(import.meta.dirname, "../../build/app");
const entry = path.join(appDir, "server.js");

/** `import … from "x"` and `import "x"`, not `import("x")`: esbuild writes one per statement. */
const STATIC_IMPORT = /^import\s+(?:[^;]*?\sfrom\s*)?["']([^"']+)["'];/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

type Closure = { files: Set<string>; packages: Set<string>; bytes: number };

function staticClosure(start: string): Closure {
  const closure: Closure = { files: new Set(), packages: new Set(), bytes: 0 };
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (closure.files.has(file)) continue;
    closure.files.add(file);
    const code = readFileSync(file, "utf8");
    closure.bytes += Buffer.byteLength(code);
    for (const [, specifier = ""] of code.matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith("node:")) closure.packages.add(specifier);
    }
  }
  return closure;
}

/** esbuild names each bundled source file in a comment above its code. */
const holdsSource = (file: string, source: string) => readFileSync(file, "utf8").includes(`\n// ${source}\n`);

/** Packages a first page never needs: sign-in, passwords, images, holidays, phone rules, mail, exports. */
const deferredPackages = [
  "@simplewebauthn/server",
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-common",
  "otplib",
  "qrcode",
  "bowser",
  "date-holidays",
  "libphonenumber-js/max",
  "sharp",
  "nodemailer",
  "csv-stringify/sync",
  "diff",
];

describe("the built server's start", () => {
  if (!existsSync(entry)) throw new Error(`No server build at ${entry}: run \`npm run build\` first`);
  const closure = staticClosure(entry);

  it("loads none of the packages only some requests need", () => {
    expect([...closure.packages].filter((name) => deferredPackages.includes(name))).toEqual([]);
  });

  it("leaves the workspace's API to a chunk loaded with its first request", () => {
    const withRouter = [...closure.files].filter((file) => holdsSource(file, "server/workspace/router.ts"));
    expect(withRouter).toEqual([]);
    const lazy = [...readFileSync(entry, "utf8").matchAll(DYNAMIC_IMPORT)]
      .map(([, specifier = ""]) => specifier)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => path.resolve(appDir, specifier));
    expect(lazy.some((file) => holdsSource(file, "server/workspace/router.ts"))).toBe(true);
  });

  it("keeps what a start parses under 1.2 MB", () => {
    // 1.44 MB in one file before the split; a new dependency of every start shows here first.
    expect(closure.bytes).toBeLessThan(1_200_000);
  });
});

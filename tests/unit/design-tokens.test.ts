import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/platform/config.ts";

/**
 * Components use the design tokens of client/app.css (docs/decisions/022-brand-identity.md),
 * never Tailwind's palette, radii or shadows, nor a raw colour: app.css resets those, so such
 * a class would silently build nothing.
 */
const clientDir = path.join(projectRoot, "client");
const palette =
  "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|white|black";
const forbidden = [
  new RegExp(
    `(?<![\\w-])(?:[a-z]+:)*(?:bg|text|border|from|via|to|ring|fill|stroke|outline|decoration|divide|shadow|accent|caret)-(?:${palette})(?:-\\d+)?(?:/\\d+)?(?![\\w-])`,
    "g",
  ),
  /(?<![\w-])(?:rounded|shadow)-(?:xs|sm|md|lg|xl|2xl|3xl)(?![\w-])/g,
  /(?<![\w-])[a-z-]+-\[#[0-9a-fA-F]{3,8}\]/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx|ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("client components", () => {
  it("use design tokens, not Tailwind's palette, radii, shadows or raw colours", () => {
    const files = sourceFiles(clientDir);
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return forbidden.flatMap((pattern) =>
        [...text.matchAll(pattern)].map((match) => `${path.relative(projectRoot, file)}: ${match[0]}`),
      );
    });
    expect(found).toEqual([]);
  });

  it("the pattern catches a palette class", () => {
    const sample = 'className="mt-4 text-slate-600 hover:bg-blue-50/80 rounded-xl bg-[#1d4ed8]"';
    const found = forbidden.flatMap((pattern) => [...sample.matchAll(pattern)].map((match) => match[0]));
    expect(found).toEqual(["text-slate-600", "hover:bg-blue-50/80", "rounded-xl", "bg-[#1d4ed8]"]);
  });
});

/**
 * Fails when a comment or the README names a file of this repository that does not exist:
 * a comment that points at a moved or deleted file sends the next reader nowhere.
 * Decision records are history and keep the paths of their day.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const roots = "client|server|shared|scripts|tests|data|docs|deploy|public|\\.ci";
const extensions = "tsx?|mjs|js|md|css|json|ya?ml|sh|sql|conf";
const pathPattern = new RegExp(
  `(?<![\\w#@./-])((?:${roots})/[\\w./$[\\]-]+?\\.(?:${extensions}))(?![\\w/])`,
  "g",
);

/** The comment parts of a line of code: after `//`, or a block comment's line. */
function commentOf(line: string): string {
  const trimmed = line.trimStart();
  if (trimmed.startsWith("*") || trimmed.startsWith("/*")) return trimmed;
  const slashes = line.search(/(^|\s)\/\/\s/);
  return slashes === -1 ? "" : line.slice(slashes);
}

/** Every path a comment (or, in the README, any line) names that `exists` denies. */
export function missingPaths(
  files: { name: string; text: string }[],
  exists: (path: string) => boolean,
): string[] {
  const missing: string[] = [];
  for (const { name, text } of files) {
    const isReadme = name === "README.md";
    text.split("\n").forEach((line, index) => {
      for (const match of (isReadme ? line : commentOf(line)).matchAll(pathPattern)) {
        const named = match[1] ?? "";
        // A pattern (`tests/api/*.test.ts`) or a placeholder names no one file.
        if (/[*{$[]/.test(named) || exists(named)) continue;
        missing.push(`${name}:${index + 1}: ${named} does not exist`);
      }
    });
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((name) => (name === "README.md" || /\.(tsx?|mjs|css)$/.test(name)) && existsSync(name));
  const missing = missingPaths(
    names.map((name) => ({ name, text: readFileSync(name, "utf8") })),
    existsSync,
  );
  if (missing.length > 0) {
    console.error(missing.join("\n"));
    console.error(`${missing.length} path(s) named in comments or the README do not exist.`);
    process.exit(1);
  }
}

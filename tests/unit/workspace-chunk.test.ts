import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceModule } from "#scripts/lib/workspace-modules.ts";

/**
 * Visitor pages must not load a byte of the staff workspace (docs/decisions/028): the build
 * keeps the modules `workspaceModule` names out of the `common` chunk. This follows the
 * imports of both sides so that list cannot fall behind the code.
 */
const root = path.resolve(import.meta.dirname, "../..");
// Relative imports and the package's own aliases (`#shared/paths.ts`: package.json "imports").
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+|#[a-z]+\/[^"']+)["']/g;

function resolve(from: string, specifier: string): string | undefined {
  const bare = specifier.split("?")[0] ?? "";
  const base = bare.startsWith("#") ? path.join(root, bare.slice(1)) : path.resolve(path.dirname(from), bare);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every client or shared module reachable from these files by their imports, lazy ones included. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? "");
      if (target && /^(client|shared)[\\/]/.test(path.relative(root, target))) queue.push(target);
    }
  }
  return new Set([...seen].map((file) => path.relative(root, file)));
}

const routesDir = path.join(root, "client", "routes");
const islandsDir = path.join(root, "client", "islands");
const visitorEntries = [
  path.join(root, "client", "root.tsx"),
  path.join(root, "client", "entry.client.tsx"),
  // The form islands are the visitor pages' only scripts (docs/decisions/064-islands.md).
  ...readdirSync(islandsDir).map((name) => path.join(islandsDir, name)),
  ...readdirSync(routesDir)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(routesDir, name)),
];
const workspaceEntries = readdirSync(path.join(routesDir, "workspace")).map((name) =>
  path.join(routesDir, "workspace", name),
);

describe("the workspace's modules", () => {
  const visitor = reachable(visitorEntries);
  const workspace = reachable(workspaceEntries);

  it("are found from both sides (self-test)", () => {
    expect(visitor).toContain("client/root.tsx");
    expect(visitor).toContain("shared/paths.ts");
    expect(workspace).toContain("client/lib/workspace-api.ts");
  });

  it("are all named by workspaceModule when only the workspace imports them", () => {
    const onlyWorkspace = [...workspace].filter((file) => !visitor.has(file));
    expect(onlyWorkspace.filter((file) => !workspaceModule.test(`/${file}`))).toEqual([]);
  });

  it("are never imported by a visitor's page", () => {
    expect([...visitor].filter((file) => workspaceModule.test(`/${file}`))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { missingPaths } from "./check-paths";

const exists = (path: string) => path === "server/app.ts";

describe("paths named in comments", () => {
  it("names each comment's path that does not exist, with its file and line", () => {
    const text = ["// server/app.ts is fine", "/**", " * see server/gone.ts", " */"].join("\n");
    expect(missingPaths([{ name: "server/x.ts", text }], exists)).toEqual([
      "server/x.ts:3: server/gone.ts does not exist",
    ]);
  });

  it("ignores paths in code, patterns and imports, but not in the README's text", () => {
    const code = [
      'const file = "server/gone.ts";',
      "// tests/api/*.test.ts",
      'import x from "#server/gone.ts";',
    ];
    expect(missingPaths([{ name: "server/x.ts", text: code.join("\n") }], exists)).toEqual([]);
    expect(missingPaths([{ name: "README.md", text: "| `server/gone.ts` | a room |" }], exists)).toEqual([
      "README.md:1: server/gone.ts does not exist",
    ]);
  });
});

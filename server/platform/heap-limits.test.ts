import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  heapFlags,
  memoryEnvironment,
  missingHeapFlags,
  missingMemoryEnvironment,
} from "#server/platform/heap-limits.ts";

const readProjectFile = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), "utf8");

describe("the heap limits", () => {
  it("are all missing from a start without them", () => {
    expect(missingHeapFlags(["--env-file=.env"])).toEqual([...heapFlags]);
  });

  it("are not added again when given, with any value, on the command line or in NODE_OPTIONS", () => {
    expect(missingHeapFlags([...heapFlags])).toEqual([]);
    expect(missingHeapFlags(["--max-old-space-size=512"], "--max_semi_space_size=4")).toEqual([]);
    expect(missingHeapFlags(["--max-old-space-size=512"])).toEqual(["--max-semi-space-size=2"]);
  });

  it("are given by `npm run serve` and the container as the start file would add them", () => {
    const serve = (JSON.parse(readProjectFile("package.json")) as { scripts: Record<string, string> }).scripts
      .serve;
    expect(serve).toContain(`node ${heapFlags.join(" ")} build/app/index.js`);
    const dockerfile = readProjectFile("Dockerfile");
    const cmd = /^CMD (.+)$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...heapFlags, "build/app/index.js"]);
    for (const [name, value] of Object.entries(memoryEnvironment)) {
      expect(serve).toContain(`${name}=${value} node`);
      expect(dockerfile).toMatch(new RegExp(`^(ENV |\\s+)${name}=${value}\\b`, "m"));
    }
  });
});

describe("the malloc setting", () => {
  it("is missing from an environment without it, and kept with any value given", () => {
    expect(missingMemoryEnvironment({})).toEqual(memoryEnvironment);
    expect(missingMemoryEnvironment({ MALLOC_ARENA_MAX: "8" })).toEqual({});
  });
});

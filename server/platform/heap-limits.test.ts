import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { heapFlags, missingHeapFlags } from "#server/platform/heap-limits.ts";

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
    const cmd = /^CMD (.+)$/m.exec(readProjectFile("Dockerfile"))?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...heapFlags, "build/app/index.js"]);
  });
});

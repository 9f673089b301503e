import { describe, expect, it } from "vitest";
import { copyPageNames, copyPages } from "#shared/copy/copy-pages.ts";
import { defaultPageCopy } from "./page-copy-defaults";

describe("the copy the site ships with", () => {
  it.each(copyPageNames)("%s passes its page's description unchanged", (page) => {
    const parsed = copyPages[page].schema.safeParse(defaultPageCopy[page]);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(defaultPageCopy[page]);
  });
});

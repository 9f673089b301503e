import { describe, expect, it } from "vitest";
import { bundleSiteScript } from "./site-script-plugin";

/**
 * Every visitor page inlines the site script, so every byte of it is paid on every page
 * (docs/decisions/019-pages-without-a-framework.md). The budget sits just above its size
 * when the counting and the lead's source were last made smaller
 * (docs/decisions/045-lead-attribution.md): growing it is a choice to make here, not by
 * accident.
 */
const BUDGET_BYTES = 5_300;

describe("the site script", () => {
  it(`stays within ${BUDGET_BYTES} bytes minified`, async () => {
    const { code } = await bundleSiteScript();
    expect(code.length).toBeGreaterThan(1_000);
    expect(code.length).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("holds none of the code only the server and the tests use to read or write a source by name", async () => {
    const { code } = await bundleSiteScript();
    for (const serverOnly of ["sourcePage", "utmSource", "clickIdKind", "TextEncoder", "btoa", "atob"])
      expect(code, serverOnly).not.toContain(serverOnly);
  });
});

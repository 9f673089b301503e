import { describe, expect, it } from "vitest";
import { findChromium, planChromium } from "./chromium";

/** A Debian machine as `npm test` sees it; each test changes what it is about. */
function machine(
  overrides: {
    env?: Record<string, string | undefined>;
    files?: string[];
    platform?: NodeJS.Platform;
    isRoot?: boolean;
    hasApt?: boolean;
    hasPlaywrightChromium?: boolean;
  } = {},
) {
  const files = new Set(overrides.files ?? []);
  return {
    env: overrides.env ?? {},
    platform: overrides.platform ?? "linux",
    exists: (path: string) => files.has(path),
    isRoot: overrides.isRoot ?? false,
    hasApt: overrides.hasApt ?? true,
    hasPlaywrightChromium: overrides.hasPlaywrightChromium ?? false,
  };
}

describe("planChromium", () => {
  it("uses CHROMIUM_PATH when it is set, ahead of a system browser", () => {
    const plan = planChromium(
      machine({
        env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
        files: ["/opt/chrome/chrome", "/usr/bin/chromium"],
      }),
    );
    expect(plan).toEqual({ action: "use", browser: { path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" } });
  });

  it("stops with one line when CHROMIUM_PATH names no file, rather than installing another", () => {
    const plan = planChromium(machine({ env: { CHROMIUM_PATH: "/nowhere/chrome" }, isRoot: true }));
    expect(plan.action).toBe("fail");
    if (plan.action === "fail") {
      expect(plan.message).toContain("/nowhere/chrome");
      expect(plan.message).not.toContain("\n");
    }
  });

  it("treats an empty CHROMIUM_PATH as unset", () => {
    const plan = planChromium(machine({ env: { CHROMIUM_PATH: "" }, files: ["/usr/bin/chromium"] }));
    expect(plan).toEqual({ action: "use", browser: { path: "/usr/bin/chromium", source: "system" } });
  });

  it("uses a system Chromium or Chrome when one is present", () => {
    expect(planChromium(machine({ files: ["/usr/bin/chromium"] }))).toEqual({
      action: "use",
      browser: { path: "/usr/bin/chromium", source: "system" },
    });
    expect(planChromium(machine({ files: ["/usr/bin/google-chrome"] }))).toEqual({
      action: "use",
      browser: { path: "/usr/bin/google-chrome", source: "system" },
    });
    const mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(planChromium(machine({ platform: "darwin", hasApt: false, files: [mac] }))).toEqual({
      action: "use",
      browser: { path: mac, source: "system" },
    });
  });

  it("uses Playwright's own Chromium when it was downloaded before and there is no system one", () => {
    expect(planChromium(machine({ isRoot: true, hasPlaywrightChromium: true }))).toEqual({
      action: "use-playwright",
    });
  });

  it("prefers a system browser over Playwright's download", () => {
    const plan = planChromium(machine({ files: ["/usr/bin/chromium"], hasPlaywrightChromium: true }));
    expect(plan.action).toBe("use");
  });

  it("installs apt's chromium as root on Debian or Ubuntu, then tries Playwright's download", () => {
    const plan = planChromium(machine({ isRoot: true, hasApt: true }));
    expect(plan.action).toBe("install");
    if (plan.action === "install") {
      expect(plan.methods).toEqual(["apt", "playwright"]);
      expect(plan.ifAllFail).toContain("`apt-get install chromium`");
    }
  });

  it("only tries Playwright's download without root, and names the sudo command", () => {
    const plan = planChromium(machine({ isRoot: false, hasApt: true }));
    expect(plan.action).toBe("install");
    if (plan.action === "install") {
      expect(plan.methods).toEqual(["playwright"]);
      expect(plan.ifAllFail).toContain("`sudo apt-get install chromium`");
    }
  });

  it("only tries Playwright's download without apt, even as root", () => {
    const plan = planChromium(machine({ isRoot: true, hasApt: false }));
    expect(plan.action).toBe("install");
    if (plan.action === "install") {
      expect(plan.methods).toEqual(["playwright"]);
      expect(plan.ifAllFail).not.toContain("apt-get");
      expect(plan.ifAllFail).toContain("CHROMIUM_PATH");
    }
  });

  it("never runs apt off Linux", () => {
    const plan = planChromium(machine({ platform: "darwin", isRoot: true, hasApt: true }));
    expect(plan.action === "install" && plan.methods).toEqual(["playwright"]);
  });

  it("says what to install in one line", () => {
    for (const isRoot of [true, false]) {
      for (const hasApt of [true, false]) {
        const plan = planChromium(machine({ isRoot, hasApt }));
        expect(plan.action === "install" && !plan.ifAllFail.includes("\n")).toBe(true);
      }
    }
  });
});

describe("findChromium", () => {
  it("finds nothing on a machine without a browser", () => {
    expect(findChromium(machine())).toBeUndefined();
  });

  it("takes the first system path in order", () => {
    const found = findChromium(machine({ files: ["/usr/bin/google-chrome", "/usr/bin/chromium-browser"] }));
    expect(found).toEqual({ path: "/usr/bin/chromium-browser", source: "system" });
  });
});

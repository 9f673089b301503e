import { existsSync } from "node:fs";

/** What headless Chromium needs on these machines: no sandbox, no GPU, no calls home. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Where system packages put Chromium or Chrome, most likely first. */
export function systemChromiumPaths(platform: NodeJS.Platform): string[] {
  switch (platform) {
    case "darwin":
      return [
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
      ];
    case "win32":
      return [
        "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
        "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
      ];
    default:
      return [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable",
        "/snap/bin/chromium",
      ];
  }
}

export type ChromiumFacts = {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** Whether a file exists; only ever asked about CHROMIUM_PATH and the system paths. */
  exists: (path: string) => boolean;
};

export type FoundChromium = { path: string; source: "CHROMIUM_PATH" | "system" };

/**
 * The browser to drive: CHROMIUM_PATH when set, else the first system Chromium or
 * Chrome. Undefined means Playwright's own download (or nothing yet).
 */
export function findChromium({ env, platform, exists }: ChromiumFacts): FoundChromium | undefined {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) return { path: fromEnv, source: "CHROMIUM_PATH" };
  const system = systemChromiumPaths(platform).find((path) => exists(path));
  return system ? { path: system, source: "system" } : undefined;
}

export type InstallMethod = "apt" | "playwright";

export type ChromiumPlan =
  | { action: "use"; browser: FoundChromium }
  | { action: "use-playwright" }
  | { action: "install"; methods: InstallMethod[]; ifAllFail: string }
  | { action: "fail"; message: string };

/** What `npm test` does about the browser, decided from facts alone (see ensure-chromium.ts). */
export function planChromium(
  facts: ChromiumFacts & {
    isRoot: boolean;
    hasApt: boolean;
    /** Playwright's own Chromium was downloaded before. */
    hasPlaywrightChromium: boolean;
  },
): ChromiumPlan {
  const found = findChromium(facts);
  if (found?.source === "CHROMIUM_PATH" && !facts.exists(found.path)) {
    // A path set by hand is never replaced by a guess.
    return {
      action: "fail",
      message: `CHROMIUM_PATH is ${found.path}, which does not exist: point it at a Chromium or Chrome binary, or unset it.`,
    };
  }
  if (found) return { action: "use", browser: found };
  if (facts.hasPlaywrightChromium) return { action: "use-playwright" };

  const aptFix = facts.isRoot ? "apt-get install chromium" : "sudo apt-get install chromium";
  const howToInstall = facts.hasApt ? `install it with \`${aptFix}\`` : "install Chromium or Google Chrome";
  const ifAllFail = `No Chromium for the browser tests: ${howToInstall}, or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
  // Only root may install system packages; anyone may try Playwright's download.
  const methods: InstallMethod[] =
    facts.isRoot && facts.hasApt && facts.platform === "linux" ? ["apt", "playwright"] : ["playwright"];
  return { action: "install", methods, ifAllFail };
}

/**
 * The browser the tests and benchmarks drive. Undefined: Playwright's own download,
 * which `npm test` installs when the machine has no Chromium.
 */
export const chromiumPath = findChromium({
  env: process.env,
  platform: process.platform,
  exists: existsSync,
})?.path;

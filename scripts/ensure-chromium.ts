/**
 * Makes sure the browser tests have a Chromium that starts, installing one when the
 * machine has none (`planChromium` decides how). On failure it prints one line saying
 * what to install and exits 1, so `npm test` stops before the browser tests.
 *   tsx scripts/ensure-chromium.ts   (run by `npm run test:browser`)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { type InstallMethod, chromiumFlags, findChromium, planChromium } from "./lib/chromium";

function onPath(command: string): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && existsSync(path.join(dir, command)));
}

function hasPlaywrightChromium(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

function facts() {
  return {
    env: process.env,
    platform: process.platform,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasApt: onPath("apt-get"),
    hasPlaywrightChromium: hasPlaywrightChromium(),
  };
}

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
    shell: process.platform === "win32",
  });
  return result.status === 0;
}

/** Playwright's download; its failure is a page of retries and stacks, so only the cause is shown. */
function playwrightDownload(): boolean {
  console.log("$ npx playwright install chromium");
  const result = spawnSync("npx", ["playwright", "install", "chromium"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === "win32",
  });
  if (result.status === 0) return true;
  const output = `${result.stderr}\n${result.stdout}`;
  const cause = output.split("\n").find((line) => line.startsWith("Error: ")) ?? result.error?.message;
  console.error(`Playwright's Chromium download failed${cause ? `: ${cause.replace(/^Error: /, "")}` : ""}`);
  return false;
}

function install(method: InstallMethod): boolean {
  if (method === "playwright") return playwrightDownload();
  const noQuestions = { DEBIAN_FRONTEND: "noninteractive" };
  // A failed update may still leave usable package lists; the install decides.
  run("apt-get", ["update", "-qq"], noQuestions);
  return run("apt-get", ["install", "-y", "-qq", "chromium"], noQuestions);
}

/** Starts and closes the browser the tests will use; resolves to why it failed, if it did. */
async function launchFails(executablePath: string | undefined): Promise<string | undefined> {
  try {
    const browser = await chromium.launch({ executablePath, args: chromiumFlags, timeout: 30_000 });
    await browser.close();
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).split("\n")[0];
  }
}

async function main(): Promise<number> {
  const plan = planChromium(facts());
  switch (plan.action) {
    case "fail":
      console.error(plan.message);
      return 1;
    case "use":
    case "use-playwright": {
      const where =
        plan.action === "use" ? `${plan.browser.path} (${plan.browser.source})` : "Playwright's own";
      const failure = await launchFails(plan.action === "use" ? plan.browser.path : undefined);
      if (failure) {
        console.error(`Chromium ${where} does not start: ${failure}`);
        return 1;
      }
      console.log(`browser tests: Chromium ${where}`);
      return 0;
    }
    case "install":
      console.log("browser tests: no Chromium on this machine, installing one");
      for (const method of plan.methods) {
        if (!install(method)) continue;
        const found = findChromium(facts());
        if (!found && !hasPlaywrightChromium()) continue;
        if ((await launchFails(found?.path)) === undefined) {
          console.log(`browser tests: Chromium ${found ? found.path : "Playwright's own"}`);
          return 0;
        }
      }
      console.error(plan.ifAllFail);
      return 1;
  }
}

process.exitCode = await main();

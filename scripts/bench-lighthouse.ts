/**
 * Lighthouse (mobile preset) over every route of the production build, in
 * the Chromium the browser tests use. Prints the four category scores and the key metrics.
 *   npm run build && npm run bench:lighthouse
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { indexablePages, paths } from "../shared/paths";
import { startBuiltServer } from "./lib/built-server";
import { chromiumFlags, chromiumPath } from "./lib/chromium";

const only = process.argv.slice(2);
const allRoutes = [
  ...indexablePages,
  paths.caseStudy("craft"),
  paths.thankYouWebApp,
  paths.thankYouWebsiteDesign,
];
/** `npm run bench:lighthouse -- /about /news` measures just those routes. */
const routes = only.length > 0 ? only : allRoutes;

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
const server = await startBuiltServer({ DATA_DIR: dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath ?? chromium.executablePath(),
  chromeFlags: ["--headless=new", ...chromiumFlags],
});

/** Chromium's trace recording now and then fails (NO_NAVSTART); such a run is tried again. */
async function measure(route: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${server.url}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result?.lhr.runtimeError || attempt >= attempts) return result;
  }
}

type Row = Record<string, string | number>;
const rows: Row[] = [];
try {
  for (const route of routes) {
    const result = await measure(route);
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.error(
        `${route}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`,
      );
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    const requests =
      (
        audits["network-requests"]?.details as {
          items?: Array<{ resourceType?: string; transferSize?: number }>;
        }
      )?.items ?? [];
    const jsBytes = requests
      .filter((request) => request.resourceType === "Script")
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    rows.push({
      route,
      perf: score("performance"),
      a11y: score("accessibility"),
      bp: score("best-practices"),
      seo: score("seo"),
      "FCP ms": ms("first-contentful-paint"),
      "LCP ms": ms("largest-contentful-paint"),
      "TBT ms": ms("total-blocking-time"),
      CLS: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
      "JS KB gz": Number((jsBytes / 1024).toFixed(1)),
      "total KB": Number(((audits["total-byte-weight"]?.numericValue ?? 0) / 1024).toFixed(1)),
    });
    const failing = Object.values(categories)
      .filter((category) => (category.score ?? 0) < 1)
      .flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}/${ref.id}`),
      );
    if (failing.length > 0) console.error(`${route}: below 100 because of ${failing.join(", ")}`);
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);

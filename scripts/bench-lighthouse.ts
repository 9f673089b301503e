/**
 * Lighthouse (mobile preset) over every route of the production build, in
 * the Chromium the browser tests use. Prints the four category scores and the key metrics,
 * each the median of `--runs` runs (5), after one visit per route so that pages are
 * measured as visitors get them (kept rendered, server/http/page-cache.ts). The first row is a
 * static reference measured in the same run: the home page without any script, served as a
 * file (scripts/lib/reference-page.ts); compare each route's blocking time with its.
 * "LCP = FCP seen" is 1 when, in most runs, the trace itself (before the simulation) had the
 * largest paint at the first paint.
 *   npm run build && npm run bench:lighthouse [-- --runs 5] [-- /route ...]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { indexablePages, paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";
import { chromiumFlags, chromiumPath } from "./lib/chromium";
import { REFERENCE_PATH, startReferenceServer } from "./lib/reference-page";

const { values, positionals: only } = parseArgs({
  options: { runs: { type: "string", default: "5" } },
  allowPositionals: true,
});
const runs = Math.max(1, Number(values.runs));
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
await fetch(server.url);
const reference = await startReferenceServer(server.url);
/** The reference row's label, and the URL each route is measured at. */
const REFERENCE_LABEL = "static reference (/ without scripts)";
const urlOf = (route: string) =>
  route === REFERENCE_LABEL ? `${reference.url}${REFERENCE_PATH}` : `${server.url}${route}`;
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath ?? chromium.executablePath(),
  chromeFlags: ["--headless=new", ...chromiumFlags],
});

/** Chromium's trace recording now and then fails (NO_NAVSTART); such a run is tried again. */
async function measure(route: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(urlOf(route), {
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
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
try {
  for (const route of routes) await fetch(`${server.url}${route}`);
  for (const route of [REFERENCE_LABEL, ...routes]) {
    const measured: Row[] = [];
    const failing = new Set<string>();
    for (let run = 0; run < runs; run++) {
      const result = await measure(route);
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        console.error(
          `${route}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`,
        );
        continue;
      }
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
      const requests =
        (
          audits["network-requests"]?.details as {
            items?: Array<{ resourceType?: string; transferSize?: number }>;
          }
        )?.items ?? [];
      // The trace's own timings, before Lighthouse's network simulation: whether the largest
      // paint really was the first one (the simulation puts every file started before it on its path).
      const observed = (
        audits["metrics"]?.details as {
          items?: Array<{ observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }>;
        }
      )?.items?.[0];
      const lcpAtFirstPaint =
        observed?.observedLargestContentfulPaint !== undefined &&
        observed.observedLargestContentfulPaint === observed.observedFirstContentfulPaint;
      const jsBytes = requests
        .filter((request) => request.resourceType === "Script")
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      measured.push({
        perf: score("performance"),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        "FCP ms": ms("first-contentful-paint"),
        "LCP ms": ms("largest-contentful-paint"),
        "LCP = FCP seen": lcpAtFirstPaint ? 1 : 0,
        "TBT ms": ms("total-blocking-time"),
        CLS: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
        "JS KB sent": Number((jsBytes / 1024).toFixed(1)),
        "total KB": Number(((audits["total-byte-weight"]?.numericValue ?? 0) / 1024).toFixed(1)),
      });
      for (const category of Object.values(categories)) {
        if ((category.score ?? 0) >= 1) continue;
        for (const ref of category.auditRefs) {
          if (ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1) failing.add(`${category.id}/${ref.id}`);
        }
      }
    }
    const row: Row = { route, runs: measured.length };
    for (const key of Object.keys(measured[0] ?? {})) row[key] = median(measured.map((m) => Number(m[key])));
    rows.push(row);
    if (failing.size > 0)
      console.error(`${route}: below 100 in some run because of ${[...failing].join(", ")}`);
  }
} finally {
  chrome.kill();
  await reference.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.table(rows);

/**
 * How fast each visitor page answers its first interaction, on a phone-sized window with
 * the CPU slowed 4x (Lighthouse's mobile factor), measured by the browser's Event Timing
 * API ('event' entries of 16 ms and more, and 'first-input'). On a page with a form the
 * visitor clicks its first field and types a letter, as a person does; on any other page
 * they open the menu. Each figure is an interaction's duration, from the input to the
 * next paint: the first interaction's, the first keypress's and the longest of them, each
 * the median of `--runs` runs (3).
 *   npm run build && npm run bench:interaction [-- --runs 3] [-- --save before.json] [-- --compare before.json] [-- /route ...]
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { indexablePages, paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";
import { chromiumFlags, chromiumPath } from "./lib/chromium";

const { values, positionals: only } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    save: { type: "string" },
    compare: { type: "string" },
  },
  allowPositionals: true,
});
const runs = Math.max(1, Number(values.runs));
const routes = only.length > 0 ? only : [...indexablePages, paths.caseStudy("craft"), paths.thankYouWebApp];

/** The Event Timing entries a page saw, kept where the bench can read them. */
type Timing = { name: string; duration: number; interactionId: number; first: boolean };
declare global {
  interface Window {
    __eventTimings?: Timing[];
  }
}

/**
 * Keeps every Event Timing entry of 16 ms and more, and the first input, in the page
 * (durationThreshold is Event Timing's own option).
 */
const observeEventTimings = `
  const timings = [];
  window.__eventTimings = timings;
  const keep = (first) => (list) => {
    for (const entry of list.getEntries())
      timings.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId, first });
  };
  new PerformanceObserver(keep(false)).observe({ type: "event", buffered: true, durationThreshold: 16 });
  new PerformanceObserver(keep(true)).observe({ type: "first-input", buffered: true });
`;

/** One run's figures, in milliseconds. */
type Figures = { first: number; keypress: number | null; longest: number; interaction: string };

async function measure(browser: Browser, url: string): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: false,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // As text: tsx names functions through a helper the page does not have.
  await page.addInitScript(observeEventTimings);
  await page.goto(url, { waitUntil: "load" });
  // A person looks at the page a moment before using it.
  await page.waitForTimeout(1000);
  const field = page
    .locator("main form input[type=text]:visible, main form input[type=email]:visible")
    .first();
  let interaction: string;
  if ((await field.count()) > 0) {
    await field.click();
    // A person's first letter comes a beat after the click that put the cursor there.
    await page.waitForTimeout(150);
    await page.keyboard.press("a");
    interaction = "click a field, type";
  } else {
    await page.getByRole("button", { name: "Open menu" }).click();
    interaction = "open the menu";
  }
  await page.waitForTimeout(1500);
  const timings = await page.evaluate(() => window.__eventTimings ?? []);
  await context.close();
  // An interaction's duration is its longest event's (Event Timing rounds each to 8 ms).
  const interactions = new Map<number, { duration: number; names: Set<string> }>();
  for (const timing of timings.filter((entry) => entry.interactionId > 0 && !entry.first)) {
    const seen = interactions.get(timing.interactionId) ?? { duration: 0, names: new Set<string>() };
    seen.duration = Math.max(seen.duration, timing.duration);
    seen.names.add(timing.name);
    interactions.set(timing.interactionId, seen);
  }
  const ordered = [...interactions.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
  const firstInput = timings.find((entry) => entry.first);
  const keypress = ordered.find((entry) => entry.names.has("keydown") || entry.names.has("keypress"));
  // An interaction under 16 ms leaves no 'event' entry: first-input has it all the same.
  const first = ordered[0]?.duration ?? firstInput?.duration ?? 0;
  return {
    first,
    keypress: interaction.includes("type") ? (keypress?.duration ?? 0) : null,
    longest: Math.max(first, ...ordered.map((entry) => entry.duration)),
    interaction,
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-interaction-"));
const server = await startBuiltServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const results: Record<string, Figures> = {};
try {
  for (const route of routes) {
    // Once unmeasured, so every run gets the page as visitors do: kept rendered.
    await fetch(`${server.url}${route}`);
    const samples: Figures[] = [];
    for (let run = 0; run < runs; run++) samples.push(await measure(browser, `${server.url}${route}`));
    const keypresses = samples.map((sample) => sample.keypress).filter((value) => value !== null);
    results[route] = {
      first: median(samples.map((sample) => sample.first)),
      keypress: keypresses.length > 0 ? median(keypresses) : null,
      longest: median(samples.map((sample) => sample.longest)),
      interaction: samples[0]?.interaction ?? "",
    };
  }
} finally {
  await browser.close();
  await server.stop();
}

const before = values.compare
  ? (JSON.parse(readFileSync(values.compare, "utf8")) as Record<string, Figures>)
  : undefined;
const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? "-" : `${Math.round(value)}`;
console.log(`First interaction at 4x CPU slowdown, 412x823, median of ${runs} (ms; Event Timing)`);
const header = [
  "route",
  "interaction",
  "first",
  "keypress",
  "longest",
  ...(before ? ["longest before"] : []),
];
console.log(header.join("\t"));
for (const [route, figures] of Object.entries(results)) {
  const row = [route, figures.interaction, ms(figures.first), ms(figures.keypress), ms(figures.longest)];
  if (before) row.push(ms(before[route]?.longest));
  console.log(row.join("\t"));
}
const worst = Math.max(...Object.values(results).map((figures) => figures.longest));
console.log(`longest of all: ${Math.round(worst)} ms (${worst <= 100 ? "within" : "over"} 100 ms)`);
if (values.save) writeFileSync(values.save, `${JSON.stringify(results, null, 2)}\n`);

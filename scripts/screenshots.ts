/**
 * Screenshots of the production build, whole pages, in Chromium: home, a service page and
 * projects (or the routes given) at 375 and 1440 px wide, in the light and the dark theme,
 * as WebP files named route-width-theme.webp. Against the build's own server on a fresh
 * data directory, or against a running site (`--base-url`), e.g. an older build to compare.
 *   npm run build && npm run screenshots [-- --out screenshots] [-- --base-url http://127.0.0.1:3000] [-- /route ...]
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { paths } from "#shared/paths.ts";
import { startBuiltServer, type BuiltServer } from "./lib/built-server";
import { chromiumFlags, chromiumPath } from "./lib/chromium";

const { values, positionals } = parseArgs({
  options: {
    out: { type: "string", default: "screenshots" },
    "base-url": { type: "string" },
  },
  allowPositionals: true,
});
const routes = positionals.length > 0 ? positionals : [paths.home, paths.websiteDesign, paths.projects];
const widths = [375, 1440];
const themes = ["light", "dark"] as const;
const outDir = path.resolve(values.out);
mkdirSync(outDir, { recursive: true });

/** A file name for a route: "/" is home, "/services/website-design" is services-website-design. */
const fileStem = (route: string) => route.replace(/^\/|\/$/g, "").replaceAll("/", "-") || "home";

let server: BuiltServer | undefined;
let dataDir: string | undefined;
let baseUrl = values["base-url"];
if (!baseUrl) {
  dataDir = mkdtempSync(path.join(tmpdir(), "screenshots-"));
  server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  baseUrl = server.url;
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const theme of themes) {
    for (const width of widths) {
      // A fresh context each time: no consent choice or pinned theme carried over.
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 812 : 900 },
        deviceScaleFactor: 1,
        colorScheme: theme,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(outDir, `${fileStem(route)}-${width}-${theme}.webp`);
        const png = await page.screenshot({ fullPage: true, animations: "disabled" });
        await sharp(png).webp({ quality: 70 }).toFile(file);
        console.log(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

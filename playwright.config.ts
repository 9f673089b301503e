import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium";
import { heapFlags, memoryEnvironment } from "./server/platform/heap-limits";

// Another port when two suites run side by side on one machine.
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 4173);

export default defineConfig({
  testDir: "tests/browser",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  // One more try for a test that failed, reported as "flaky" by name at the end of the
  // run: on a shared 2-core machine a timing slip in one of ~390 tests is not a product
  // fault, and a test that fails twice still fails the run (decision 073).
  retries: 1,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    launchOptions: {
      // The browser `npm run test:browser` found or installed; undefined is Playwright's own.
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The production build, as visitors get it.
    command: `node ${heapFlags.join(" ")} build/app/index.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...memoryEnvironment,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: "tests/.tmp/browser-data",
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // Browser tests fill forms faster than people and send many; the bot timing and
      // rate limits have their own API tests.
      FORM_MIN_FILL_SECONDS: "0",
      LEAD_RATE_LIMIT_MAX: "1000",
    },
  },
});

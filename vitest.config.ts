import { defineConfig } from "vitest/config";

// Unit and API tests only; browser tests run through Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    include: ["{shared,server,data,scripts,client}/**/*.test.{ts,tsx}", "tests/{unit,api}/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

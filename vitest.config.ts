import { configDefaults, defineConfig } from "vitest/config";

/**
 * The suites that read or write stored data through the server or the CLI: they
 * run once per database engine (the `sqlite` and `postgres` projects), the same files
 * with the engine as the only difference (tests/support/test-database.ts).
 */
const bothEngines = [
  "tests/api/cli-audit.test.ts",
  "tests/api/{acknowledgment-copy,app,canonical-paths,cli,content,database,follow-up,history,lead-attribution,lead-owner,leads,metrics,news,news-categories,news-categories-migration,news-original-source,newsletter,notifications,outbox-lease,page-cache,page-forms,page-views,phone-numbers,plain-text-links,privacy,publishing,real-names,retention,secrets-in-logs,shared-state,site-settings,staff-auth,staff-content,staff-history,staff-history-kinds,staff-inbox,staff-insights,staff-meetings,staff-overview,staff-pages,staff-security,staff-session,staff-snippets,staff-step-up,staff-users,uploads}.test.ts",
  "tests/api/acknowledgment-limits.test.ts",
  "tests/api/staff-policy.test.ts",
  "server/db/outbox.test.ts",
  "tests/api/previews.test.ts",
  "tests/api/totp-secrets.test.ts",
  "server/db/site-settings.test.ts",
  "server/mail/outbox-worker.test.ts",
  "tests/api/page-view-bounds.test.ts",
  "tests/api/leased-job.test.ts",
  "tests/api/insights-weekly-report.test.ts",
  "tests/api/calendar-feed.test.ts",
  "tests/api/staff-editing.test.ts",
  "tests/api/booking-race.test.ts",
  "tests/api/availability.test.ts",
  "tests/api/insights-sources.test.ts",
  "tests/api/visitor-booking.test.ts",
  "tests/api/one-lead-per-form.test.ts",
  "tests/api/insights-aggregation.test.ts",
  "tests/api/settings-roles.test.ts",
  "tests/api/audit-log.test.ts",
];

/** Suites that need PostgreSQL beside SQLite (schema parity, several instances on one database). */
const postgresOnly = [
  "tests/api/{schema-parity,postgres-outage,two-instances}.test.ts",
  "tests/api/job-failover.test.ts",
  "tests/api/outbox-postgres-restart.test.ts",
];

// Unit and API tests only; browser tests run through Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "{shared,server,data,scripts,client}/**/*.test.{ts,tsx}",
            "tests/{unit,api}/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...postgresOnly],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [...bothEngines, ...postgresOnly],
          globalSetup: ["tests/support/postgres-setup.ts"],
        },
      },
    ],
  },
});

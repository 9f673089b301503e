import { describe, expect, it } from "vitest";
import { ConfigError, databaseLocation, describeDatabase, loadConfig } from "#server/platform/config.ts";

describe("loadConfig", () => {
  it("needs no environment at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.settings.siteUrl).toBe("http://localhost:3000");
    expect(config.databaseFile).toMatch(/data[/\\]site\.sqlite$/);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.trustProxyHops).toBe(0);
  });

  it("lets the environment override brand and contact settings", () => {
    const config = loadConfig({
      SITE_BRAND_NAME: "Acme",
      SITE_EMAIL: "hi@acme.test",
      SITE_URL: "https://acme.test/",
    });
    expect(config.settings.brandName).toBe("Acme");
    expect(config.settings.email).toBe("hi@acme.test");
    expect(config.settings.siteUrl).toBe("https://acme.test");
    expect(config.mail.to).toBe("hi@acme.test");
  });

  it("rejects bad values with one readable error naming each variable", () => {
    expect(() => loadConfig({ PORT: "eighty", SITE_EMAIL: "nope", GTM_ID: "UA-1" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", GTM_ID: "UA-1" });
    } catch (error) {
      expect((error as Error).message).toContain("PORT");
      expect((error as Error).message).toContain("GTM_ID");
    }
    expect(() => loadConfig({ SITE_EMAIL: "nope" })).toThrow(/site settings email/);
  });

  it("sets trust proxy by hop count only", () => {
    expect(loadConfig({ TRUST_PROXY_HOPS: "2" }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: "true" })).toThrow(ConfigError);
  });

  it("warns when production has no SITE_URL, and says where it is required", () => {
    expect(loadConfig({}).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: "production", SITE_URL: "https://acme.test" }).warnings).toEqual([]);
    const [warning, ...rest] = loadConfig({ NODE_ENV: "production", PORT: "8080" }).warnings;
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^SITE_URL is not set: .* point at http:\/\/localhost:8080\. Set it to/);
    const required = loadConfig({ REQUIRE_SITE_URL: "true" });
    expect(required).toMatchObject({ siteUrlRequired: true, siteUrlSet: false });
    expect(required.warnings[0]).toMatch(/^SITE_URL is not set/);
    // Told explicitly that it runs on localhost, the image starts.
    const local = loadConfig({ REQUIRE_SITE_URL: "true", SITE_URL: "http://localhost:3000" });
    expect(local).toMatchObject({ siteUrlRequired: true, siteUrlSet: true, warnings: [] });
  });

  it("waits 15 s for another process's database lock unless told otherwise", () => {
    expect(loadConfig({}).databaseLockWaitMs).toBe(15_000);
    expect(loadConfig({ DATABASE_LOCK_WAIT_SECONDS: "2.5" }).databaseLockWaitMs).toBe(2_500);
    expect(() => loadConfig({ DATABASE_LOCK_WAIT_SECONDS: "0" })).toThrow(/DATABASE_LOCK_WAIT_SECONDS/);
  });

  it("sends 32 e-mails at once unless told otherwise", () => {
    expect(loadConfig({}).mail.concurrency).toBe(32);
    expect(loadConfig({ MAIL_CONCURRENCY: "4" }).mail.concurrency).toBe(4);
    expect(() => loadConfig({ MAIL_CONCURRENCY: "0" })).toThrow(/MAIL_CONCURRENCY/);
  });

  it("runs on SQLite unless DATABASE_URL names a PostgreSQL server, and names it without the password", () => {
    const sqlite = loadConfig({ DATA_DIR: "/srv/site" });
    expect(sqlite.databaseUrl).toBeUndefined();
    expect(databaseLocation(sqlite)).toBe("/srv/site/site.sqlite");
    expect(describeDatabase(sqlite)).toBe("/srv/site/site.sqlite");

    const url = "postgres://site:s3cret@db.internal:5433/site";
    const postgres = loadConfig({ DATABASE_URL: url });
    expect(postgres).toMatchObject({ databaseUrl: url, databasePoolSize: 10 });
    expect(databaseLocation(postgres)).toBe(url);
    expect(describeDatabase(postgres)).toBe("PostgreSQL db.internal:5433/site");
    expect(
      loadConfig({ DATABASE_URL: "postgresql://db/site", DATABASE_POOL_SIZE: "3" }).databasePoolSize,
    ).toBe(3);

    expect(() => loadConfig({ DATABASE_URL: "mysql://db/site" })).toThrow(
      /DATABASE_URL must be a PostgreSQL URL/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    // Empty means unset, as for every variable.
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
});

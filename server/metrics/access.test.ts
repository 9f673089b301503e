import { describe, expect, it } from "vitest";
import { isLoopbackAddress, metricsAccess, type MetricsAccessPolicy } from "./access";

const token = "metrics-token-0123456789abcdef";
const direct: MetricsAccessPolicy = { token, trustProxyHops: 0 };
const proxied: MetricsAccessPolicy = { token, trustProxyHops: 1 };
const ask = (remoteAddress: string | undefined, headers: Record<string, string> = {}) => ({
  remoteAddress,
  headers,
});

describe("who may read /metrics", () => {
  it("knows loopback in each of the forms a socket reports it", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      "10.0.0.1",
      "192.168.1.5",
      "::ffff:10.0.0.1",
      "2001:db8::1",
      "1127.0.0.1",
      "",
      undefined,
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it("lets a scraper on this machine in without a token, when no proxy is trusted", () => {
    expect(metricsAccess(ask("127.0.0.1"), direct)).toBe("loopback");
    expect(metricsAccess(ask("::1"), { token: undefined, trustProxyHops: 0 })).toBe("loopback");
    expect(metricsAccess(ask("::ffff:127.0.0.1"), direct)).toBe("loopback");
  });

  it("refuses other hosts without the token", () => {
    expect(metricsAccess(ask("203.0.113.7"), direct)).toBe("refused");
    expect(metricsAccess(ask("::ffff:198.51.100.2"), { token: undefined, trustProxyHops: 0 })).toBe(
      "refused",
    );
    expect(metricsAccess(ask(undefined), direct)).toBe("refused");
  });

  it("does not take loopback for this machine when a proxy relays (a visitor arrives from it)", () => {
    // Trusted proxy: every request arrives from it, whatever its headers say.
    expect(metricsAccess(ask("127.0.0.1"), proxied)).toBe("refused");
    // A proxy nobody told the server about still names the client it relays.
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"])
      expect(metricsAccess(ask("127.0.0.1", { [header]: "203.0.113.7" }), direct), header).toBe("refused");
  });

  it("lets the right bearer token in from anywhere, through a proxy too", () => {
    const bearer = { authorization: `Bearer ${token}` };
    expect(metricsAccess(ask("203.0.113.7", bearer), direct)).toBe("token");
    expect(metricsAccess(ask("127.0.0.1", { ...bearer, "x-forwarded-for": "203.0.113.7" }), proxied)).toBe(
      "token",
    );
    expect(metricsAccess(ask("203.0.113.7", { authorization: `bearer ${token}` }), direct)).toBe("token");
  });

  it("refuses a wrong token, or any when none is set, even from loopback", () => {
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      "Bearer",
      `Basic ${token}`,
      token,
    ])
      expect(metricsAccess(ask("127.0.0.1", { authorization }), direct), authorization).toBe("refused");
    const anything = { authorization: `Bearer ${token}` };
    expect(metricsAccess(ask("127.0.0.1", anything), { token: undefined, trustProxyHops: 0 })).toBe(
      "refused",
    );
  });
});

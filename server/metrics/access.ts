import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * Who may read /metrics (docs/decisions/026-metrics-and-alerts.md): a scraper with the
 * bearer token, or one on this machine talking to the server directly. Behind a reverse
 * proxy every visitor arrives from the proxy, often on loopback, so loopback counts only
 * when the server trusts no proxy and the request names no forwarded client.
 */

export type MetricsAccessRequest = {
  /** The TCP peer (`req.socket.remoteAddress`), never `req.ip`, which a proxy's header sets. */
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
};

export type MetricsAccessPolicy = {
  /** METRICS_TOKEN; unset: loopback only. */
  token: string | undefined;
  /** TRUST_PROXY_HOPS: above 0 a proxy relays requests, so loopback says nothing. */
  trustProxyHops: number;
};

export type MetricsAccess = "token" | "loopback" | "refused";

/** Headers a proxy adds to say whom it relays: such a request is not this machine's own. */
const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** Compares digests of equal length, so the time taken says nothing about the token. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function metricsAccess(request: MetricsAccessRequest, policy: MetricsAccessPolicy): MetricsAccess {
  const authorization = request.headers.authorization;
  // A credential that is given must be right, wherever the request comes from.
  if (authorization !== undefined) {
    const bearer = /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1];
    return policy.token && bearer && sameToken(bearer, policy.token) ? "token" : "refused";
  }
  if (policy.trustProxyHops > 0) return "refused";
  if (forwardingHeaders.some((name) => request.headers[name] !== undefined)) return "refused";
  return isLoopbackAddress(request.remoteAddress) ? "loopback" : "refused";
}

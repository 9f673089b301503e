import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { AppConfig } from "#server/platform/config.ts";
import { mapEmbedHosts } from "#shared/site-settings-fields.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** Fresh for every request; the only way a script may run (see docs/decisions/003-csp.md). */
    cspNonce: string;
  }
}

/** Stops powerful browser features the site never uses. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

const GTM_ORIGINS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];

/**
 * A cached page's policy (server/http/page-cache.ts): the same header, but its scripts are
 * allowed by origin and by the hashes of the page's inline scripts instead of a nonce, so
 * one copy serves every visitor. No 'strict-dynamic' (it would ignore 'self', and the
 * page's modulepreload links carry no nonce); no 'unsafe-inline'.
 */
export function scriptHashPolicy(config: AppConfig) {
  const origins = ["'self'", ...(config.gtmId ? GTM_ORIGINS : [])];
  return (policy: string, hashes: readonly string[]) =>
    policy.replace(/script-src [^;]*/, `script-src ${[...origins, ...hashes].join(" ")}`);
}

/** Two years, subdomains included: every answer, page or file, says HTTPS only. */
const HSTS = { maxAge: 63_072_000, includeSubDomains: true };

/**
 * The headers a file (script, style, font, image, upload) needs. The document policies
 * (CSP, framing, referrer, permissions, opener) govern pages; on each of a page's images
 * they were over 1 KB of headers nothing reads (docs/decisions/023-start-up-and-memory.md).
 * Pages and API answers get the whole set from securityHeaders, which runs after the files.
 */
export const fileSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader("Strict-Transport-Security", `max-age=${HSTS.maxAge}; includeSubDomains`);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
};

/** An SVG opened on its own is a document that could run script: ours never need to. */
export function setSvgPolicy(res: ServerResponse, file: string): void {
  if (file.endsWith(".svg")) {
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  }
}

export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/**
 * The origins the contact page may frame: those of the map hosts the settings allow
 * (shared/site-settings-fields.ts), so a map moved from one to another needs no restart.
 */
export const mapFrameOrigins: readonly string[] = mapEmbedHosts.map((host) => `https://${host}`);

export function securityHeaders(config: AppConfig): RequestHandler[] {
  const analytics = config.gtmId ? GTM_ORIGINS : [];
  const isHttps = config.settings.siteUrl.startsWith("https:");
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [(_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'"],
          // Inline style attributes come from React props (carousel transforms, toast
          // positions); styles cannot run code, scripts stay nonce-only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", ...analytics],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...analytics],
          frameSrc: [...mapFrameOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: HSTS,
      // The legacy header agrees with frame-ancestors 'none'.
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginOpenerPolicy: { policy: "same-origin" },
      crossOriginResourcePolicy: { policy: "same-origin" },
      // The embedded map is a cross-origin frame without CORP headers.
      crossOriginEmbedderPolicy: false,
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}

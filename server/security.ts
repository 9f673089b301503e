import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { AppConfig } from "./config";

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
 * A cached page's policy (server/page-cache.ts): the same header, but its scripts are
 * allowed by origin and by the hashes of the page's inline scripts instead of a nonce, so
 * one copy serves every visitor. No 'strict-dynamic' (it would ignore 'self', and the
 * page's modulepreload links carry no nonce); no 'unsafe-inline'.
 */
export function scriptHashPolicy(config: AppConfig) {
  const origins = ["'self'", ...(config.gtmId ? GTM_ORIGINS : [])];
  return (policy: string, hashes: readonly string[]) =>
    policy.replace(/script-src [^;]*/, `script-src ${[...origins, ...hashes].join(" ")}`);
}

export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** The origin the contact page may frame; nothing else can be embedded. */
export function mapFrameOrigin(config: AppConfig): string {
  return new URL(config.settings.mapEmbedUrl).origin;
}

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
          frameSrc: [mapFrameOrigin(config)],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
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

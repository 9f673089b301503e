import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { defaultSiteSettings, siteSettingsSchema, type SiteSettings } from "#shared/site-settings.ts";
import { isPostgresUrl } from "#server/platform/database-url.ts";

/** The folder holding package.json: this file runs from server/ in development and build/app/ once built. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

/** 32 bytes from base64 or base64url, or undefined when the text is not that. */
export function decodeTotpKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
  return key.length === 32 ? key : undefined;
}

/**
 * Parses a comma-separated list of keys (TOTP_KEY is a list of one). The message names
 * the variable, never the value, which is a secret.
 */
function totpKeys(name: string) {
  return (value: string, ctx: z.RefinementCtx): Buffer[] => {
    const keys = value.split(",").map(decodeTotpKey);
    if (keys.every((key) => key !== undefined)) return keys;
    ctx.addIssue({
      code: "custom",
      message: `${name} must be 32 random bytes in base64 (e.g. openssl rand -base64 32)`,
    });
    return z.NEVER;
  };
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** Every environment variable the server reads; documented in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: optionalString,
  DATABASE_FILE: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      // The same test openDatabase uses to pick the engine.
      .refine(
        isPostgresUrl,
        "DATABASE_URL must be a PostgreSQL URL, e.g. postgres://site:password@db.example.com:5432/site",
      )
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATABASE_LOCK_WAIT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  MAIL_TO: optionalString,
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(32),
  LEAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  LEAD_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().min(1).default(10),
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(60).default(2),
  ACKNOWLEDGE_SUBMISSIONS: z
    .enum(["true", "false", "1", "0", ""])
    .default("true")
    .transform((value) => value !== "false" && value !== "0"),
  ACKNOWLEDGMENTS_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  FOLLOW_UP_REMINDER_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 14)
    .default(20),
  FOLLOW_UP_CHECK_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(5),
  APPOINTMENT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(8 * 60)
    .default(45),
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)").optional(),
  ),
  ALERT_EMAIL: optionalString.pipe(z.email("ALERT_EMAIL must be an e-mail address").optional()),
  ALERT_QUEUE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(30),
  FORM_SECRET: optionalString.pipe(
    z
      .string()
      .min(32, "FORM_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)")
      .optional(),
  ),
  TOTP_KEY: optionalString.pipe(z.string().transform(totpKeys("TOTP_KEY")).optional()),
  TOTP_PREVIOUS_KEYS: optionalString.pipe(
    z.string().transform(totpKeys("each of TOTP_PREVIOUS_KEYS (comma-separated)")).optional(),
  ),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, "GTM_ID must look like GTM-AB12CD3")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SITE_URL: optionalString.pipe(z.url().optional()),
  REQUIRE_SITE_URL: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  SITE_BRAND_NAME: optionalString,
  SITE_EMAIL: optionalString,
  SITE_PHONE: optionalString,
  SITE_PHONE_DISPLAY: optionalString,
  SITE_ADDRESS_STREET: optionalString,
  SITE_ADDRESS_CITY: optionalString,
  SITE_ADDRESS_POSTAL_CODE: optionalString,
  SITE_LINKEDIN_URL: optionalString,
  SITE_MAP_URL: optionalString,
  SITE_MAP_EMBED_URL: optionalString,
});

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Number of reverse proxies in front of the server; never `true` (see express "trust proxy"). */
  trustProxyHops: number;
  logLevel: string;
  dataDir: string;
  databaseFile: string;
  /**
   * postgres://… when the site runs on PostgreSQL (several instances on one database);
   * undefined for the embedded SQLite file (docs/decisions/013-postgresql.md).
   */
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** How long a write waits for another process's lock before it is answered 503. */
  databaseLockWaitMs: number;
  mail: {
    /** When unset, messages are written as .eml files to `outboxDir`. */
    smtpUrl: string | undefined;
    /** The sender as the environment gives it; the outbox names the current brand (server/mail/mail-context.ts). */
    from: string;
    /** MAIL_FROM as set, whose address then stays the sender's; undefined: the contact e-mail sends. */
    fromOverride: string | undefined;
    /**
     * MAIL_TO, or the contact e-mail: the agency inbox a new database starts with. The
     * inbox in use is the site settings' (docs/decisions/038-site-settings-in-the-database.md).
     */
    to: string;
    outboxDir: string;
    /** E-mails sent at once (and SMTP connections at most); lower it for providers that cap connections. */
    concurrency: number;
  };
  rateLimit: { leadMax: number; leadWindowMs: number };
  /** How leads are followed up (docs/decisions/020-lead-follow-up.md). */
  followUp: {
    /** Whether visitors get an acknowledgment of a lead or appointment request. */
    acknowledge: boolean;
    /** Acknowledgments per client IP in 24 hours, on top of one per address. */
    acknowledgmentsPerIpPerDay: number;
    /** A lead still "new" this long after it arrived is in the agency's reminder. */
    reminderAfterMs: number;
    /** How often an instance looks for such leads. */
    checkEveryMs: number;
    /** An appointment's length when `appointments confirm` is given no --duration. */
    appointmentMinutes: number;
  };
  /** How long personal data is kept (docs/decisions/025-retention.md). */
  retention: {
    /** Leads and appointment requests, from when they arrived. */
    leadMonths: number;
    /** Submissions held back as suspected spam. */
    suspectedDays: number;
    /** Sent e-mails' data in the outbox (dead ones stay until a person looks). */
    sentMailDays: number;
    /** How often an instance runs the sweep (one at a time, by lease). */
    sweepEveryMs: number;
  };
  /** docs/decisions/026-metrics-and-alerts.md */
  metrics: {
    /** Bearer token for /metrics from other hosts; unset: loopback only. */
    token: string | undefined;
    /** Where an alert goes when e-mails die or the queue stalls; unset: no alerts. */
    alertEmail: string | undefined;
    /** The oldest pending e-mail older than this is an incident. */
    alertQueueAgeMs: number;
  };
  forms: {
    /** Submissions faster than this after the form was rendered are held as suspected spam. */
    minFillMs: number;
    /** Signs the forms' start fields; unset: a secret kept in `dataDir` (server/operations/leads/form-guard.ts). */
    secret: string | undefined;
  };
  /** The keys that seal the authenticator apps' secrets (server/auth/totp-secrets.ts); unset: kept in `dataDir` on SQLite. */
  totp: { key: Buffer | undefined; previousKeys: Buffer[] };
  gtmId: string | undefined;
  settings: SiteSettings;
  /** What an operator must hear about at start-up and in /readyz (a missing SITE_URL). */
  warnings: string[];
  /**
   * The server refuses to start without SITE_URL (the container image sets this: a
   * public site must not link to localhost by accident). The admin CLI is not affected.
   */
  siteUrlRequired: boolean;
  siteUrlSet: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const defaults = defaultSiteSettings;
  const settingsResult = siteSettingsSchema.safeParse({
    ...defaults,
    brandName: e.SITE_BRAND_NAME ?? defaults.brandName,
    email: e.SITE_EMAIL ?? defaults.email,
    phone: e.SITE_PHONE ?? defaults.phone,
    phoneDisplay: e.SITE_PHONE_DISPLAY ?? e.SITE_PHONE ?? defaults.phoneDisplay,
    address: {
      ...defaults.address,
      street: e.SITE_ADDRESS_STREET ?? defaults.address.street,
      city: e.SITE_ADDRESS_CITY ?? defaults.address.city,
      postalCode: e.SITE_ADDRESS_POSTAL_CODE ?? defaults.address.postalCode,
    },
    linkedinUrl: e.SITE_LINKEDIN_URL ?? defaults.linkedinUrl,
    mapUrl: e.SITE_MAP_URL ?? defaults.mapUrl,
    mapEmbedUrl: e.SITE_MAP_EMBED_URL ?? defaults.mapEmbedUrl,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
  });
  if (!settingsResult.success) {
    const lines = settingsResult.error.issues.map((i) => `site settings ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const settings = settingsResult.data;
  const warnings: string[] = [];
  if (!e.SITE_URL && (e.NODE_ENV === "production" || e.REQUIRE_SITE_URL)) {
    warnings.push(siteUrlMissing(settings.siteUrl));
  }
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(projectRoot, "data"));
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseFile: path.resolve(e.DATABASE_FILE ?? path.join(dataDir, "site.sqlite")),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseLockWaitMs: e.DATABASE_LOCK_WAIT_SECONDS * 1000,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${settings.brandName} website <${settings.email}>`,
      fromOverride: e.MAIL_FROM,
      to: e.MAIL_TO ?? settings.email,
      outboxDir: path.join(dataDir, "mail"),
      concurrency: e.MAIL_CONCURRENCY,
    },
    rateLimit: {
      leadMax: e.LEAD_RATE_LIMIT_MAX,
      leadWindowMs: e.LEAD_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    forms: { minFillMs: e.FORM_MIN_FILL_SECONDS * 1000, secret: e.FORM_SECRET },
    totp: { key: e.TOTP_KEY?.[0], previousKeys: e.TOTP_PREVIOUS_KEYS ?? [] },
    followUp: {
      acknowledge: e.ACKNOWLEDGE_SUBMISSIONS,
      acknowledgmentsPerIpPerDay: e.ACKNOWLEDGMENTS_PER_IP_PER_DAY,
      reminderAfterMs: Math.round(e.FOLLOW_UP_REMINDER_HOURS * 3_600_000),
      checkEveryMs: Math.round(e.FOLLOW_UP_CHECK_MINUTES * 60_000),
      appointmentMinutes: e.APPOINTMENT_MINUTES,
    },
    retention: {
      leadMonths: e.RETENTION_MONTHS,
      suspectedDays: 30,
      sentMailDays: 90,
      sweepEveryMs: 24 * 3_600_000,
    },
    metrics: {
      token: e.METRICS_TOKEN,
      alertEmail: e.ALERT_EMAIL,
      alertQueueAgeMs: e.ALERT_QUEUE_MINUTES * 60_000,
    },
    gtmId: e.GTM_ID,
    settings,
    warnings,
    siteUrlRequired: e.REQUIRE_SITE_URL,
    siteUrlSet: e.SITE_URL !== undefined,
  };
}

function siteUrlMissing(fallback: string): string {
  return (
    `SITE_URL is not set: canonical URLs, the sitemap, robots.txt and e-mail links point at ${fallback}. ` +
    `Set it to the public address, e.g. SITE_URL=https://www.example.co.za (or SITE_URL=${fallback} to run on this machine only).`
  );
}

/** Where the data lives, as `openDatabase` takes it: the PostgreSQL URL when set, else the SQLite file. */
export function databaseLocation(config: Pick<AppConfig, "databaseUrl" | "databaseFile">): string {
  return config.databaseUrl ?? config.databaseFile;
}

/** The database for messages, without the URL's password. */
export function describeDatabase(config: Pick<AppConfig, "databaseUrl" | "databaseFile">): string {
  if (!config.databaseUrl) return config.databaseFile;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
  } catch {
    // pg reads some URLs the WHATWG parser refuses; the message must not fail for it.
    return "PostgreSQL (DATABASE_URL)";
  }
}

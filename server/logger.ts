import pino, { type Logger } from "pino";

export type { Logger };

/** JSON lines on stdout; secrets that could appear in request logs are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "agency-site" },
    redact: ["req.headers.cookie", "req.headers.authorization"],
  });
}

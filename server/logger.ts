import pino, { type Logger } from "pino";
import { currentRequestId } from "./request-context";

export type { Logger };

/**
 * JSON lines on stdout; secrets that could appear in request logs are redacted. A line
 * written while a request is handled carries its `requestId`, whichever logger wrote it.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "agency-site" },
    redact: ["req.headers.cookie", "req.headers.authorization"],
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

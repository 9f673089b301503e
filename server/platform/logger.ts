import pino, { type Logger } from "pino";
import { currentRequestId } from "#server/platform/request-context.ts";

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

/**
 * A line for a start that fails before the logger can be made (a bad variable) or that the
 * logger's stdout is not the place for (the operator reads stderr): one JSON line in the
 * logger's own shape and level 60 (fatal), so every line the server writes parses as JSON.
 * `msg` is the sentence an operator acts on; a bug's stack is a field of its own.
 */
export function fatalStartLine(msg: string, fields: { stack?: string } = {}, now = Date.now()): string {
  return JSON.stringify({ level: 60, time: now, service: "agency-site", msg, ...fields });
}

import type { IncomingMessage } from "node:http";
import { isUtf8 } from "#shared/utf8-body.ts";

/** What reading a beacon's body came to: its text, or the status that refuses it. */
export type BeaconBody = { text: string } | { status: 400 | 413 | 415 };

/** What navigator.sendBeacon sends for a string, and what other clients may send. */
const BEACON_TYPES = new Set(["text/plain", "application/json"]);

/**
 * Reads a small body whole, without a generic parser: a beacon is a few hundred bytes in one
 * chunk, and the content type, size and UTF-8 checks are all it needs. Refuses a body over
 * `limit` bytes (413, by Content-Length before reading, or once the bytes pass it), a
 * compressed body (415), and a type other than text or JSON or bytes that are not UTF-8
 * (400: no page view, as the generic parser's empty body was).
 */
export function readBeaconBody(req: IncomingMessage, limit: number, done: (body: BeaconBody) => void): void {
  const type = (req.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  const encoding = req.headers["content-encoding"];
  if (encoding && encoding.toLowerCase() !== "identity") return done({ status: 415 });
  if (!BEACON_TYPES.has(type)) return done({ status: 400 });
  if (Number(req.headers["content-length"] ?? 0) > limit) return done({ status: 413 });
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (body: BeaconBody) => {
    if (finished) return;
    finished = true;
    req.removeListener("data", onData);
    done(body);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    // A body that lied about its length: stop keeping it; the rest is discarded with the answer.
    if (size > limit) return finish({ status: 413 });
    chunks.push(chunk);
  };
  req.on("data", onData);
  req.once("end", () => {
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    finish(isUtf8(bytes) ? { text: bytes.toString("utf8") } : { status: 400 });
  });
  // A client that went away is answered with nothing; the socket is already gone.
  req.once("error", () => finish({ status: 400 }));
}

import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type RequestHandler } from "express";

/**
 * Body parsers that refuse text which is not UTF-8. Left to themselves they decode a bad
 * byte as U+FFFD and the replacement character is stored as if the visitor had typed it.
 * A verify function that throws makes the parser fail with `entity.verify.failed`, which
 * the error handlers answer 400 (server/api/errors.ts).
 */

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Thrown from a parser's verify: the message names no field and quotes nothing of the body. */
function notUtf8(): Error {
  return new Error("request body is not UTF-8");
}

/** JSON's bytes must decode as UTF-8 (the only encoding a browser sends JSON in). */
export function verifyUtf8(_req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  try {
    strictUtf8.decode(body);
  } catch {
    throw notUtf8();
  }
}

/**
 * A form body is ASCII with its text percent-encoded: each name and value must decode
 * to UTF-8 (querystring would quietly turn `%FF` into U+FFFD).
 */
export function verifyFormUtf8(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  verifyUtf8(req, res, body);
  for (const pair of body.toString("utf8").split("&")) {
    for (const part of pair.split("=")) {
      try {
        decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        throw notUtf8();
      }
    }
  }
}

/** A JSON body up to `limit`, refused when it is not UTF-8. */
export function parseJsonBody(limit: string): RequestHandler {
  return express.json({ limit, type: "application/json", verify: verifyUtf8 });
}

/** A form-encoded body up to `limit`, refused when its text is not UTF-8. */
export function parseUrlencodedBody(limit: string): RequestHandler {
  return express.urlencoded({ limit, extended: false, parameterLimit: 100, verify: verifyFormUtf8 });
}

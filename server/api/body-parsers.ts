import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type RequestHandler } from "express";
import { isUtf8, isUtf8FormEncoded } from "#shared/utf8-body.ts";

/**
 * Body parsers that refuse text which is not UTF-8 (shared/utf8-body.ts). A verify
 * function that throws makes the parser fail with `entity.verify.failed`, which the error
 * handlers answer 400 (server/api/errors.ts); its message names no field and quotes nothing.
 */

function verifyWith(check: (bytes: Uint8Array) => boolean) {
  return (_req: IncomingMessage, _res: ServerResponse, body: Buffer): void => {
    if (!check(body)) throw new Error("request body is not UTF-8");
  };
}

/** A JSON body up to `limit`, refused when it is not UTF-8. */
export function parseJsonBody(limit: string): RequestHandler {
  return express.json({ limit, type: "application/json", verify: verifyWith(isUtf8) });
}

/** A form-encoded body up to `limit`, refused when its text is not UTF-8. */
export function parseUrlencodedBody(limit: string): RequestHandler {
  return express.urlencoded({
    limit,
    extended: false,
    parameterLimit: 100,
    verify: verifyWith(isUtf8FormEncoded),
  });
}

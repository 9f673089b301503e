import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { notSavedMessage } from "#shared/error-catalogue.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { StorageUnavailableError } from "#server/db/storage-errors.ts";
import { parseJsonBody } from "./body-parsers";
import { finalErrorHandler } from "./errors";

/** An app whose only error handler is the final one, logging into `lines`. */
function appWithFinalHandler() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const app = express();
  app.post("/body", parseJsonBody("1kb"), (_req, res) => void res.json({ ok: true }));
  app.get("/broken", () => {
    throw new Error("database password=hunter2 refused");
  });
  app.get("/full", () => {
    throw new StorageUnavailableError("disk-full");
  });
  app.use(finalErrorHandler(pino({ level: "info" }, stream)));
  return { app, lines };
}

describe("the app's final error handler", () => {
  it("answers a body it cannot read with the JSON 400 and logs nothing of it", async () => {
    const { app, lines } = appWithFinalHandler();
    const answer = await request(app)
      .post("/body")
      .set("Content-Type", "application/json")
      .send('{"password":"LeakCanary-77');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: requestMessages.malformed });
    expect(lines).toEqual([]);
  });

  it("answers anything else 500 and logs it redacted, without the error object", async () => {
    const { app, lines } = appWithFinalHandler();
    const answer = await request(app).get("/broken");
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain("hunter2");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("hunter2");
    expect(lines[0]).not.toContain("stack");
  });

  it("answers a storage failure 503: not saved, try again in a minute (decision 033)", async () => {
    const { app } = appWithFinalHandler();
    const answer = await request(app).get("/full");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("60");
    expect(answer.body).toEqual({ success: false, error: notSavedMessage });
  });
});

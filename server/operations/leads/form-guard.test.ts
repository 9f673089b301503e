import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createFormTokens,
  FORM_SECRET_NAME,
  FORM_TOKEN_MAX_AGE_MS,
  judgeSubmission,
  loadFormSecret,
} from "./form-guard";

const now = 1_800_000_000_000;
const tokens = createFormTokens("a-test-secret-that-is-long-enough-1234", () => new Date());
const options = { tokens, now, minFillMs: 2_000 };
const servedAt = (ms: number) => tokens.issue(new Date(ms));

describe("signed start field", () => {
  it("reads back the time it was issued", () => {
    expect(tokens.verify(servedAt(now - 30_000))).toBe(now - 30_000);
  });

  it("gives every served form its own value, even in the same millisecond", () => {
    const at = new Date(now - 30_000);
    const [one, two] = [tokens.issue(at), tokens.issue(at)];
    expect(one).not.toBe(two);
    expect(tokens.verify(one)).toBe(now - 30_000);
    expect(tokens.verify(two)).toBe(now - 30_000);
  });

  it("still reads a v1 value, from a form served before values had their own part", () => {
    const issuedAt = (now - 30_000).toString(36);
    const signature = createHmac("sha256", "a-test-secret-that-is-long-enough-1234")
      .update(`form-start:v1:${issuedAt}`)
      .digest("base64url");
    expect(tokens.verify(`v1.${issuedAt}.${signature}`)).toBe(now - 30_000);
  });

  it("refuses a forged, altered or foreign value", () => {
    const genuine = servedAt(now - 30_000);
    const [version, issuedAt, signature] = genuine.split(".");
    const older = (now - 3_600_000).toString(36);
    const otherSecret = createFormTokens("another-secret-that-is-long-enough-5678", () => new Date());
    for (const value of [
      undefined,
      null,
      "",
      {},
      now - 60_000,
      String(now - 60_000),
      `${version}.${older}.${signature}`,
      `${version}.${issuedAt}.${signature}x`,
      `${version}.${issuedAt}`,
      `v0.${issuedAt}.${signature}`,
      `${genuine}.extra`,
      otherSecret.issue(new Date(now - 30_000)),
    ]) {
      expect(tokens.verify(value), String(value)).toBeUndefined();
    }
  });
});

describe("judging a submission", () => {
  it("passes a person who took their time", () => {
    expect(judgeSubmission({ honeypot: "", startedAt: servedAt(now - 30_000) }, options)).toBe("ok");
    expect(judgeSubmission({ honeypot: undefined, startedAt: servedAt(now - 2_000) }, options)).toBe("ok");
  });

  it("catches a filled honeypot", () => {
    const startedAt = servedAt(now - 30_000);
    expect(judgeSubmission({ honeypot: "https://spam.example", startedAt }, options)).toBe("honeypot");
    expect(judgeSubmission({ honeypot: 1, startedAt }, options)).toBe("honeypot");
  });

  it("catches a form sent faster than the minimum fill time, or dated in the future", () => {
    expect(judgeSubmission({ honeypot: "", startedAt: servedAt(now - 500) }, options)).toBe("too-fast");
    expect(judgeSubmission({ honeypot: "", startedAt: servedAt(now + 60_000) }, options)).toBe("too-fast");
  });

  it("treats a missing, forged or week-old start field alike", () => {
    for (const startedAt of [undefined, "", "yesterday", null, {}, now - 60_000]) {
      expect(judgeSubmission({ honeypot: "", startedAt }, options)).toBe("missing-start");
    }
    const stale = servedAt(now - FORM_TOKEN_MAX_AGE_MS - 1);
    expect(judgeSubmission({ honeypot: "", startedAt: stale }, options)).toBe("missing-start");
  });

  it("with no minimum, only needs a valid start field", () => {
    expect(judgeSubmission({ honeypot: "", startedAt: servedAt(now) }, { ...options, minFillMs: 0 })).toBe(
      "ok",
    );
  });
});

describe("the signing secret", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is made once in the data folder, readable by its owner only, and kept", () => {
    dir = mkdtempSync(path.join(tmpdir(), "form-secret-"));
    const first = loadFormSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, FORM_SECRET_NAME)).mode & 0o777).toBe(0o600);
    expect(loadFormSecret(undefined, dir)).toBe(first);
  });

  it("comes from FORM_SECRET when set, and never from a damaged file", () => {
    dir = mkdtempSync(path.join(tmpdir(), "form-secret-"));
    expect(loadFormSecret("x".repeat(40), dir)).toBe("x".repeat(40));
    writeFileSync(path.join(dir, FORM_SECRET_NAME), "short\n");
    expect(() => loadFormSecret(undefined, dir)).toThrow(/no usable secret/);
    expect(readFileSync(path.join(dir, FORM_SECRET_NAME), "utf8")).toBe("short\n");
  });
});

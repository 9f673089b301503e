import { describe, expect, it } from "vitest";
import { dummyVerifyPassword, hashPassword, passwordProblem, verifyPassword } from "./passwords";

describe("staff passwords", () => {
  it("are stored as scrypt with their parameters and a salt of their own, and verify", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword("correct horse battery staple", first)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", first)).toBe(false);
  });

  it("refuse a malformed hash and, for a missing account, refuse after the same work", async () => {
    expect(await verifyPassword("anything at all", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything at all", "scrypt$1$2$3$salt")).toBe(false);
    expect(await dummyVerifyPassword("anything at all")).toBe(false);
  });

  it("must be 12 to 200 characters and not the e-mail address", () => {
    expect(passwordProblem("short", "a@b.test")).toBe("Use at least 12 characters.");
    expect(passwordProblem("x".repeat(201), "a@b.test")).toBe("Use at most 200 characters.");
    expect(passwordProblem(" Someone@Agency.test ", "someone@agency.test")).toBe(
      "Use something other than your e-mail address.",
    );
    expect(passwordProblem("a good long passphrase", "someone@agency.test")).toBeUndefined();
  });
});

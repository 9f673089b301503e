import { describe, expect, it } from "vitest";
import {
  dummyVerifyPassword,
  hashIsOutdated,
  hashPassword,
  passwordMessages,
  passwordProblem,
  siteWordsOf,
  verifyPassword,
} from "./passwords";

describe("staff passwords", () => {
  it("are stored as scrypt N=2^15, r=8, p=3 (OWASP's floor) with a salt of their own, and verify", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(hashIsOutdated(first)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", first)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", first)).toBe(false);
  });

  it("verify a hash of older parameters, which is then outdated", async () => {
    // The parameters before these (N=2^15, r=8, p=1).
    const older = await hashPassword("an older long password", { N: 2 ** 15, r: 8, p: 1 });
    expect(older).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("an older long password", older)).toBe(true);
    expect(hashIsOutdated(older)).toBe(true);
  });

  it("refuse a malformed hash, or one asking for absurd memory, and for a missing account refuse after the same work", async () => {
    expect(await verifyPassword("anything at all", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything at all", "scrypt$1$2$3$salt")).toBe(false);
    expect(await verifyPassword("anything at all", "scrypt$1$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("anything at all", `scrypt$${2 ** 30}$8$1$c2FsdA$aGFzaA`)).toBe(false);
    expect(await dummyVerifyPassword("anything at all")).toBe(false);
  });

  it("must be 12 to 200 characters, not the e-mail address, and not a common password", async () => {
    expect(await passwordProblem("short", "a@b.test")).toBe("Use at least 12 characters.");
    expect(await passwordProblem("x".repeat(201), "a@b.test")).toBe("Use at most 200 characters.");
    expect(await passwordProblem(" Someone@Agency.test ", "someone@agency.test")).toBe(
      "Use something other than your e-mail address.",
    );
    const common = "That password is one of the most common ones, which are guessed first. Choose another.";
    expect(await passwordProblem("password1234", "someone@agency.test")).toBe(common);
    expect(await passwordProblem("QwertyUIOP12", "someone@agency.test")).toBe(common);
    expect(await passwordProblem("a good long passphrase", "someone@agency.test")).toBeUndefined();
  });

  it("must not be quick to guess: a common one dressed up, a repeat, the site's own words or the person's address", async () => {
    const site = {
      brandName: "Kloof Digital",
      email: "hello@kloofdigital.co.za",
      siteUrl: "https://www.kloofdigital.co.za/",
    };
    const siteWords = siteWordsOf(site);
    expect(siteWords).toEqual(["kloof digital", "kloofdigital", "kloof", "digital", "kloofdigital.co.za"]);
    const email = "jane.smith@agency.test";
    const problems = {
      "Password123!": passwordMessages.common,
      iloveyou1234: passwordMessages.common,
      aaaaaaaaaaaa: passwordMessages.repeats,
      abcdefghijkl: passwordMessages.repeats,
      kloofdigital2026: passwordMessages.siteWords,
      "Kl00fDigital!!": passwordMessages.siteWords,
      "janesmith2026!": passwordMessages.ownName,
    };
    for (const [password, problem] of Object.entries(problems)) {
      expect(await passwordProblem(password, email, siteWords), password).toBe(problem);
    }
    expect(passwordMessages.siteWords).toBe(
      "That password is built on this site’s own name or web address, which are guessed first. Choose another.",
    );
    // Another site's words are nobody's guess here.
    expect(await passwordProblem("kloofdigital2026", email)).toBeUndefined();
    expect(await passwordProblem("violet harbour lantern 47", email, siteWords)).toBeUndefined();
    expect(await passwordProblem("a phrase the kloof hides", email, siteWords)).toBeUndefined();
  });

  // How long the longest takes to judge is `npm run bench:sign-in`'s figure, not a timed test.
  it("judges the longest password it takes, and refuses one character more before judging", async () => {
    const longest = Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 94))).join("");
    expect(await passwordProblem(longest, "a@b.test")).toBeUndefined();
    expect(await passwordProblem(`${longest}x`, "a@b.test")).toBe(passwordMessages.tooLong);
  });
});

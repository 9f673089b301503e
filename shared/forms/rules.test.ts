import { describe, expect, it } from "vitest";
import { formLimits, isValidEmail, looksLikePhoneNumber } from "./rules";

describe("e-mail rule (requirements §5)", () => {
  it.each([
    "a@b.co",
    "jane.doe+news@mail.example.co.za",
    "o'brien@example.ie",
    "info@bücher.de",
    "info@xn--bcher-kva.de",
    "sipho@例え.テスト",
    "INFO@EXAMPLE.COM",
    "priya@भारत.भारत",
    "info@straße.de",
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    "",
    "plain",
    "a@b",
    "@b.co",
    "a@.co",
    "a b@c.co",
    "a@b .co",
    "a@@b.co",
    // One practical mailbox: no lists, quoting, consecutive dots or controls.
    "a@b.co,c@d.co",
    "a@b.co;c@d.co",
    "a,b@c.co",
    "a..b@c.co",
    ".a@c.co",
    "a.@c.co",
    "a@b..co",
    "a@-b.co",
    "a@b.c",
    "a@b.123",
    '"a b"@c.co',
    "a@b.co\u001b[31m",
    "x@y.z [31m",
    "a\u0000@b.co",
    "a@b.co\n",
    // Invisible code points and marks an address shows nothing of (decision 029).
    "someone@example.com\u034f",
    "someone@\u115fexample.org",
    "some\u200bone@example.com",
    "someone@exam\u00adple.com",
    "someone@example.com\u{e0041}",
    "someone@example.com\u2800",
    "someone@example.com\ufe0f",
    "someone@exa\u0301mple.com",
    "someone@e\u0301\u0301xample.com",
    // Domains IDNA would turn into another: fullwidth letters and dots, ligatures, bad xn-- labels.
    "someone@ｅxample.com",
    "someone@example\uff0ecom",
    "someone@ﬁnance.com",
    "someone@xn--zz.com",
  ])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("allows at most 254 characters, 64 of them before the @", () => {
    const label = "d".repeat(60);
    const domain = `@${[label, label, label].join(".")}.co.za`; // 190 characters
    const local = "a".repeat(64);
    expect(isValidEmail(local + domain)).toBe(true);
    expect(isValidEmail(`a${local}${domain}`)).toBe(false);
    const longDomain = `@${[label, label, label, "d".repeat(61 - 7)].join(".")}.co.za`;
    expect(isValidEmail(`${local.slice(0, 254 - longDomain.length)}${longDomain}`)).toBe(true);
    expect(isValidEmail(`${local.slice(0, 255 - longDomain.length)}${longDomain}`)).toBe(false);
  });
});

describe("phone number shape (requirements §5, widened to local writing)", () => {
  it.each([
    "+27215550123",
    "+27 82 555 0142",
    "(21) 555-0123",
    "+1 (555) 123-4567",
    "+1234567890123456",
    // How South Africans write their numbers: the trunk 0, or 00 before the country code.
    "082 555 1234",
    "0825551234",
    "(021) 555-0123",
    "0027 82 555 1234",
    "+27 (0)82 555 1234",
    "082-555-1234",
    "(+27) 82 555 1234",
  ])("accepts %s", (phone) => expect(looksLikePhoneNumber(phone)).toBe(true));

  it.each([
    "",
    "0",
    "1",
    "012",
    "0000",
    "000 82 555 1234",
    "+0123",
    "+27",
    "12345678901234567",
    "abc",
    "+27 21 555 O123",
    "++27215550123",
    "0+27 82 555 1234",
    "27.21",
    "082 555 1234 ext 5",
    // A plus sign anywhere but in front (found by the property tests).
    ")+200000",
    "-+300000",
    "082 +555 1234",
  ])("refuses %j", (phone) => expect(looksLikePhoneNumber(phone)).toBe(false));
});

describe("requirements §9 limits", () => {
  it("match the specification", () => {
    expect(formLimits).toEqual({
      emailMax: 254,
      nameMin: 2,
      nameMax: 50,
      companyMax: 100,
      phoneInputMax: 20,
      projectDetailsMin: 10,
      projectDetailsMax: 1000,
    });
  });
});

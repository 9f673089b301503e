import { describe, expect, it } from "vitest";
import { formLimits, isValidEmail, isValidPhone } from "./rules";

describe("e-mail rule (SPEC §5)", () => {
  it.each(["a@b.co", "jane.doe+news@mail.example.co.za"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(["", "plain", "a@b", "@b.co", "a@.co", "a b@c.co", "a@b .co", "a@@b.co"])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("allows at most 254 characters", () => {
    const domain = "@example.com";
    expect(isValidEmail("a".repeat(254 - domain.length) + domain)).toBe(true);
    expect(isValidEmail("a".repeat(255 - domain.length) + domain)).toBe(false);
  });
});

describe("phone rule (SPEC §5)", () => {
  it.each([
    "+27215550123",
    "+27 82 555 0142",
    "(21) 555-0123",
    "+1 (555) 123-4567",
    "1",
    "+1234567890123456",
  ])("accepts %s", (phone) => expect(isValidPhone(phone)).toBe(true));

  // SPEC §5 wants a first digit of 1 to 9, so a local number with its trunk 0 is refused.
  it.each([
    "",
    "0",
    "082 555 0142",
    "(021) 555-0123",
    "+0123",
    "12345678901234567",
    "abc",
    "+27 21 555 O123",
    "++27215550123",
    "27.21",
  ])("refuses %j", (phone) => expect(isValidPhone(phone)).toBe(false));
});

describe("SPEC §9 limits", () => {
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

import { describe, expect, it } from "vitest";
import { telephoneOf } from "./lead-page-extras";

describe("the visitor's number for a tel: link", () => {
  it("is E.164 where the stored number is a valid one, written with or without the country code", () => {
    expect(telephoneOf("+27825550199")).toBe("+27825550199");
    expect(telephoneOf("082 555 0199")).toBe("+27825550199");
    expect(telephoneOf("(021) 555-0100")).toBe("+27215550100");
    expect(telephoneOf("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("keeps what was typed, without spaces, when it is no valid number; none when there is none", () => {
    expect(telephoneOf("12 34")).toBe("1234");
    expect(telephoneOf("")).toBeNull();
    expect(telephoneOf("   ")).toBeNull();
    expect(telephoneOf(null)).toBeNull();
  });
});

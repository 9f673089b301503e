import { describe, expect, it } from "vitest";
import { firstErrorMessage } from "./field-errors";
import { newsletterConsentText } from "./newsletter";
import { newsletterSchema } from "./newsletter-schema";

function firstError(input: unknown) {
  const result = newsletterSchema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return firstErrorMessage(result.error);
}

describe("newsletter form (requirements §5: required, of e-mail type)", () => {
  it("accepts an e-mail address, trimmed", () => {
    expect(newsletterSchema.parse({ email: " reader@example.com " })).toEqual({
      email: "reader@example.com",
    });
  });

  it("requires the address", () => {
    expect(firstError({})).toBe("Email is required");
    expect(firstError({ email: "  " })).toBe("Email is required");
  });

  it("refuses what a type=email input refuses", () => {
    for (const email of ["reader", "reader@", "a b@example.com", "a,b@example.com", "reader@exa mple.com"]) {
      expect(firstError({ email })).toBe("Please enter a valid email address");
    }
  });

  it("records the privacy wording shown next to the form", () => {
    expect(newsletterConsentText).toBe("We respect your privacy. Unsubscribe at any time.");
  });
});

import { describe, expect, it } from "vitest";
import { leadInlineMessages } from "./lead-messages";
import { firstErrorMessage, toFieldErrors } from "./field-errors";
import { companySizeOptions } from "./web-app-lead";
import { webAppLeadSchema } from "./web-app-lead-schema";

const valid = { fullName: "Sipho Dlamini", workEmail: "sipho@fleetco.co.za", companyName: "FleetCo" };

function errorsOf(input: unknown) {
  const result = webAppLeadSchema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return { fieldErrors: toFieldErrors(result.error), first: firstErrorMessage(result.error) };
}

describe("web-app lead form (requirements §3, §5)", () => {
  it("accepts the required fields alone: phone, industry and company size are optional", () => {
    expect(webAppLeadSchema.parse(valid)).toEqual(valid);
    expect(
      webAppLeadSchema.safeParse({ ...valid, phoneNumber: "", industry: "", companySize: "" }).success,
    ).toBe(true);
  });

  it("offers the company sizes of requirements §3", () => {
    expect(companySizeOptions.map((o) => o.value)).toEqual(["1-10", "11-50", "51-200", "200+"]);
  });

  it("names missing fields in form order", () => {
    const { fieldErrors, first } = errorsOf({});
    expect(fieldErrors).toEqual({
      fullName: "Full Name is required",
      workEmail: "Work Email is required",
      companyName: "Company Name is required",
    });
    expect(first).toBe("Full Name is required");
  });

  it("says 'Work Email must be a valid email address'", () => {
    expect(errorsOf({ ...valid, workEmail: "sipho fleetco.co.za" }).first).toBe(
      "Work Email must be a valid email address",
    );
    expect(errorsOf({ ...valid, workEmail: `${"a".repeat(250)}@x.co` }).first).toBe(
      "Work Email must be a valid email address",
    );
  });

  it("checks a given phone number's shape: 'Phone Number must be a valid phone number'", () => {
    expect(webAppLeadSchema.safeParse({ ...valid, phoneNumber: "+27 (82) 555-0199" }).success).toBe(true);
    // Local writing passes here; the server turns it into +27825550199.
    expect(webAppLeadSchema.parse({ ...valid, phoneNumber: "082 555 0199" }).phoneNumber).toBe(
      "082 555 0199",
    );
    expect(errorsOf({ ...valid, phoneNumber: "012" }).first).toBe(
      "Phone Number must be a valid phone number",
    );
    expect(errorsOf({ ...valid, phoneNumber: "call me" }).first).toBe(
      "Phone Number must be a valid phone number",
    );
  });

  it("keeps the inline messages of requirements §5 for the fields themselves", () => {
    expect(leadInlineMessages).toEqual({
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
    });
  });

  it("refuses unlisted company sizes and unknown fields", () => {
    expect(errorsOf({ ...valid, companySize: "5000" }).fieldErrors).toEqual({
      companySize: "Company Size must be one of the listed options",
    });
    expect(errorsOf({ ...valid, budget: "60k+" }).fieldErrors).toEqual({ budget: "Unknown field: budget" });
  });

  it("cuts free text to 1000 characters", () => {
    expect(webAppLeadSchema.parse({ ...valid, industry: "y".repeat(5000) }).industry).toHaveLength(1000);
  });
});

import { describe, expect, it } from "vitest";
import { firstErrorMessage, toFieldErrors } from "./field-errors";
import { budgetOptions, timelineOptions, websiteTypeOptions } from "./website-design-lead";
import { websiteDesignLeadSchema } from "./website-design-lead-schema";

const valid = { fullName: "Jane Doe", companyName: "Acme", businessEmail: "jane@acme.co.za" };

function errorsOf(input: unknown) {
  const result = websiteDesignLeadSchema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return { fieldErrors: toFieldErrors(result.error), first: firstErrorMessage(result.error) };
}

describe("website-design lead form (requirements §3, §5)", () => {
  it("accepts the required fields alone: the selects are optional", () => {
    expect(websiteDesignLeadSchema.parse(valid)).toEqual(valid);
    expect(
      websiteDesignLeadSchema.parse({ ...valid, websiteType: "", budget: "", timeline: "" }),
    ).toMatchObject(valid);
  });

  it("offers the option lists of requirements §3 with their labels", () => {
    expect(websiteTypeOptions).toEqual([
      { value: "new-build", label: "New website build" },
      { value: "redesign", label: "Website redesign" },
      { value: "cms-upgrade", label: "CMS upgrade" },
      { value: "other", label: "Other" },
    ]);
    expect(budgetOptions.map((o) => [o.value, o.label])).toEqual([
      ["15k-30k", "R15k - R30k"],
      ["30k-60k", "R30k - R60k"],
      ["60k+", "R60k+"],
    ]);
    expect(timelineOptions.map((o) => [o.value, o.label])).toEqual([
      ["1-2-months", "1-2 months"],
      ["3-4-months", "3-4 months"],
      ["not-sure", "Not sure yet"],
    ]);
  });

  it("accepts every listed option", () => {
    for (const websiteType of websiteTypeOptions.map((o) => o.value))
      for (const budget of budgetOptions.map((o) => o.value))
        for (const timeline of timelineOptions.map((o) => o.value))
          expect(websiteDesignLeadSchema.safeParse({ ...valid, websiteType, budget, timeline }).success).toBe(
            true,
          );
  });

  it("names each missing required field with '{label} is required', in form order", () => {
    const { fieldErrors, first } = errorsOf({});
    expect(fieldErrors).toEqual({
      fullName: "Full Name is required",
      companyName: "Company Name is required",
      businessEmail: "Business Email is required",
    });
    expect(first).toBe("Full Name is required");
  });

  it("treats blank (spaces only, or only angle brackets) as missing", () => {
    expect(errorsOf({ ...valid, fullName: "   " }).fieldErrors).toEqual({
      fullName: "Full Name is required",
    });
    expect(errorsOf({ ...valid, companyName: "<>" }).fieldErrors).toEqual({
      companyName: "Company Name is required",
    });
  });

  it("says 'Business Email must be a valid email address'", () => {
    expect(errorsOf({ ...valid, businessEmail: "jane@acme" }).first).toBe(
      "Business Email must be a valid email address",
    );
  });

  it("refuses options that are not listed", () => {
    expect(errorsOf({ ...valid, budget: "1M" }).fieldErrors).toEqual({
      budget: "Budget must be one of the listed options",
    });
  });

  it("refuses wrong types and unknown fields", () => {
    expect(errorsOf({ ...valid, fullName: 42 }).fieldErrors).toEqual({ fullName: "Full Name must be text" });
    expect(errorsOf({ ...valid, fullName: ["a", "b"] }).fieldErrors).toEqual({
      fullName: "Full Name must be text",
    });
    expect(errorsOf({ ...valid, admin: true }).fieldErrors).toEqual({ admin: "Unknown field: admin" });
    expect(errorsOf("fullName=Jane").first).toBe("The submission must be a set of form fields");
  });

  it("cleans the text it accepts (requirements §5)", () => {
    const lead = websiteDesignLeadSchema.parse({
      fullName: "  <b>Jane</b> Doe ",
      companyName: "x".repeat(5000),
      businessEmail: " jane@acme.co.za ",
    });
    expect(lead.fullName).toBe("bJane/b Doe");
    expect(lead.companyName).toHaveLength(1000);
    expect(lead.businessEmail).toBe("jane@acme.co.za");
  });
});

import { describe, expect, it } from "vitest";
import { sampleAppointment, sampleMonday } from "#tests/support/appointment-sample.ts";
import { invisiblePieces } from "#tests/support/hostile-text.ts";
import { createAppointmentSchema } from "./appointment-schema";
import { firstErrorMessage, toFieldErrors } from "./field-errors";
import { newsletterSchema } from "./newsletter-schema";
import { webAppLeadSchema } from "./web-app-lead-schema";
import { websiteDesignLeadSchema } from "./website-design-lead-schema";

/** Every form's text fields go through cleanedText: one test of each rule per form. */
const lead = { fullName: "Jane Doe", companyName: "Acme", businessEmail: "jane@acme.co.za" };
const appointmentSchema = createAppointmentSchema(sampleMonday);
const appointment = sampleAppointment;

function fieldErrorsOf(result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) {
  if (result.success || !result.error) throw new Error("expected a validation failure");
  return toFieldErrors(result.error);
}

describe("text fields after cleaning (decision 029)", () => {
  it.each(invisiblePieces)("a required field of nothing but %j is required", (invisible) => {
    expect(
      fieldErrorsOf(
        websiteDesignLeadSchema.safeParse({ ...lead, fullName: invisible, companyName: ` ${invisible} ` }),
      ),
    ).toEqual({ fullName: "Full Name is required", companyName: "Company Name is required" });
  });

  it("says so in each form's own words", () => {
    const web = { fullName: "Sipho", workEmail: "sipho@fleetco.co.za", companyName: "FleetCo" };
    expect(fieldErrorsOf(webAppLeadSchema.safeParse({ ...web, fullName: "\u206f" }))).toEqual({
      fullName: "Full Name is required",
    });
    const refused = appointmentSchema.safeParse({
      ...appointment,
      name: "\u3164\u2800",
      project_details: "\u115f",
    });
    expect(fieldErrorsOf(refused)).toEqual({
      name: "Name is required",
      project_details: "Project details are required",
    });
  });

  it("stores names in any script as typed", () => {
    const names = ["نسرین\u200c رضایی", "अर्जुन क्षत्रिय", "Gwenllian Ŵyn", "Zoë O'Brien-Nkosi"];
    for (const fullName of names) {
      expect(websiteDesignLeadSchema.parse({ ...lead, fullName }).fullName).toBe(fullName);
    }
    expect(websiteDesignLeadSchema.parse({ ...lead, companyName: "👩🏽\u200d💻 Studio" }).companyName).toBe(
      "👩🏽\u200d💻 Studio",
    );
  });

  it("refuses noncharacters of every plane", () => {
    for (const noncharacter of ["\ufdd0", "\uffff", "\u{1fffe}", "\u{2ffff}", "\u{10ffff}"]) {
      expect(
        fieldErrorsOf(websiteDesignLeadSchema.safeParse({ ...lead, fullName: `Jane${noncharacter}` })),
      ).toEqual({ fullName: "Full Name contains characters that are not allowed" });
    }
  });

  it("cuts a long textarea to 1000 characters, then trims what the cut left at the end", () => {
    const details = `${"a".repeat(997)}   b`;
    const result = appointmentSchema.safeParse({ ...appointment, project_details: details });
    // Over 1000: refused with its length message, as before; an optional field without a limit is cut.
    expect(result.success).toBe(false);
    const web = { fullName: "Sipho", workEmail: "sipho@fleetco.co.za", companyName: "FleetCo" };
    expect(webAppLeadSchema.parse({ ...web, industry: details }).industry).toBe("a".repeat(997));
  });
});

describe("e-mail fields (decision 029)", () => {
  it.each(["someone@example.com\u034f", "someone@\u115fexample.org", "some\u200bone@example.com"])(
    "refuses %j with the field's invalid address message on every form",
    (email) => {
      expect(fieldErrorsOf(websiteDesignLeadSchema.safeParse({ ...lead, businessEmail: email }))).toEqual({
        businessEmail: "Business Email must be a valid email address",
      });
      const web = { fullName: "Sipho", workEmail: email, companyName: "FleetCo" };
      expect(fieldErrorsOf(webAppLeadSchema.safeParse(web))).toEqual({
        workEmail: "Work Email must be a valid email address",
      });
      expect(fieldErrorsOf(appointmentSchema.safeParse({ ...appointment, email }))).toEqual({
        email: "Please enter a valid email address",
      });
      const newsletter = newsletterSchema.safeParse({ email });
      if (newsletter.success) throw new Error("expected a validation failure");
      expect(firstErrorMessage(newsletter.error)).toBe("Please enter a valid email address");
    },
  );

  it("accepts an internationalised domain and stores it as typed", () => {
    expect(newsletterSchema.parse({ email: "info@bücher.de" }).email).toBe("info@bücher.de");
    expect(newsletterSchema.parse({ email: "info@bu\u0308cher.de" }).email).toBe("info@bücher.de");
  });
});

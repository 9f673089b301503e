import { describe, expect, it } from "vitest";
import { z } from "zod";
import { uiStrings } from "#shared/ui-strings.ts";
import { appointmentLabels } from "./appointment";
import { createAppointmentSchema } from "./appointment-schema";
import {
  firstErrorMessage,
  formatCheck,
  inlineFieldErrors,
  issueFormat,
  toFailedFormats,
  toFieldErrors,
  toInlineFieldErrors,
} from "./field-errors";
import { newsletterSchema } from "./newsletter-schema";
import { webAppLeadFormats, webAppLeadLabels } from "./web-app-lead";
import { webAppLeadSchema } from "./web-app-lead-schema";
import { websiteDesignLeadFormats, websiteDesignLeadLabels } from "./website-design-lead";
import { websiteDesignLeadSchema } from "./website-design-lead-schema";

const websiteDesign = { fullName: "Sipho Dlamini", companyName: "Dlamini Builders" };
const webApp = { fullName: "Sipho Dlamini", workEmail: "sipho@fleetco.co.za", companyName: "FleetCo" };

/** A schema of full zod (built here) or of zod/mini (the forms'). */
function refusal(schema: z.core.$ZodType, input: unknown) {
  const result = z.safeParse(schema, input);
  if (result.success) throw new Error("expected a validation failure");
  return {
    toast: firstErrorMessage(result.error),
    fieldErrors: toFieldErrors(result.error),
    inline: toInlineFieldErrors(result.error),
    failedFormats: toFailedFormats(result.error),
  };
}

describe("inline errors are decided by the issue, not by its words (requirements §5)", () => {
  it("a missing e-mail shows its required message beside the field and in the toast", () => {
    const { toast, inline, failedFormats } = refusal(websiteDesignLeadSchema, websiteDesign);
    expect(toast).toBe("Business Email is required");
    expect(inline).toEqual({ businessEmail: "Business Email is required" });
    expect(failedFormats).toEqual({});
  });

  it("an invalid e-mail shows the short message beside the field, the labelled one in the toast", () => {
    const { toast, fieldErrors, inline, failedFormats } = refusal(websiteDesignLeadSchema, {
      ...websiteDesign,
      businessEmail: "sipho@",
    });
    expect(toast).toBe("Business Email must be a valid email address");
    expect(fieldErrors).toEqual({ businessEmail: "Business Email must be a valid email address" });
    expect(inline).toEqual({ businessEmail: uiStrings.emailInvalid });
    expect(failedFormats).toEqual({ businessEmail: "email" });
  });

  it("an invalid phone number shows the short phone message beside the field", () => {
    const { toast, inline } = refusal(webAppLeadSchema, { ...webApp, phoneNumber: "012" });
    expect(toast).toBe("Phone Number must be a valid phone number");
    expect(inline).toEqual({ phoneNumber: uiStrings.phoneInvalid });
  });

  it("keeps every other message of an e-mail field as it is", () => {
    expect(refusal(webAppLeadSchema, { ...webApp, workEmail: 42 }).inline).toEqual({
      workEmail: "Work Email must be text",
    });
    const twoLines = refusal(webAppLeadSchema, { ...webApp, workEmail: "a@b.co\nc@d.co" });
    expect(twoLines.inline).toEqual(twoLines.fieldErrors);
    expect(twoLines.failedFormats).toEqual({});
  });

  it("a message that merely reads like a format message is not one", () => {
    const schema = z.object({
      email: z.string().refine(() => false, "Email must be a valid email address"),
    });
    const { inline, failedFormats } = refusal(schema, { email: "x" });
    expect(inline).toEqual({ email: "Email must be a valid email address" });
    expect(failedFormats).toEqual({});
  });

  it("counts only each field's first issue, as toFieldErrors does", () => {
    const schema = z.object({
      email: z
        .string()
        .refine(() => false, "first")
        .refine(() => false, formatCheck("email", "second")),
    });
    expect(refusal(schema, { email: "x" })).toMatchObject({
      inline: { email: "first" },
      failedFormats: {},
    });
  });

  it("reads only the formats it knows from an issue's params", () => {
    const schema = z.object({
      a: z.string().refine(() => false, { message: "m", params: { format: "fax" } }),
    });
    const result = schema.safeParse({ a: "x" });
    expect(result.error?.issues[0] && issueFormat(result.error.issues[0])).toBeUndefined();
  });

  it("never treats an unknown field as a format failure", () => {
    expect(refusal(webAppLeadSchema, { ...webApp, budget: "x" })).toMatchObject({
      inline: { budget: "Unknown field: budget" },
      failedFormats: {},
    });
  });

  it("marks the appointment's and the newsletter's formats, whose messages are already short", () => {
    const appointment = refusal(createAppointmentSchema(new Date()), { email: "nope", phone: "012" });
    expect(appointment.failedFormats).toMatchObject({ email: "email", phone: "phone" });
    expect(appointment.inline).toMatchObject({
      email: uiStrings.emailInvalid,
      phone: uiStrings.phoneInvalid,
    });
    expect(appointment.inline).toEqual(appointment.fieldErrors);
    expect(refusal(newsletterSchema, { email: "nope" })).toMatchObject({
      inline: { email: uiStrings.emailInvalid },
      failedFormats: { email: "email" },
    });
    expect(refusal(newsletterSchema, { email: "" }).inline).toEqual({ email: "Email is required" });
  });

  it("turns messages into inline ones by the fields that failed their format", () => {
    expect(
      inlineFieldErrors(
        { workEmail: "Work Email must be a valid email address", fullName: "Full Name is required" },
        { workEmail: "email" },
      ),
    ).toEqual({ workEmail: uiStrings.emailInvalid, fullName: "Full Name is required" });
  });
});

describe("each form's label map and format map name its schema's fields", () => {
  const keys = (value: object) => Object.keys(value).sort();

  it("labels every field of the schema, and nothing else", () => {
    expect(keys(websiteDesignLeadLabels)).toEqual(keys(websiteDesignLeadSchema.shape));
    expect(keys(webAppLeadLabels)).toEqual(keys(webAppLeadSchema.shape));
    expect(keys(appointmentLabels)).toEqual(keys(createAppointmentSchema(new Date()).shape));
  });

  it("lists exactly the fields whose format the schema checks", () => {
    expect(
      refusal(websiteDesignLeadSchema, { ...websiteDesign, businessEmail: "nope" }).failedFormats,
    ).toEqual(websiteDesignLeadFormats);
    expect(
      refusal(webAppLeadSchema, { ...webApp, workEmail: "nope", phoneNumber: "call me" }).failedFormats,
    ).toEqual(webAppLeadFormats);
  });
});

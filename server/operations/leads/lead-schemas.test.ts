import { describe, expect, it } from "vitest";
import { separateBotGuardFields } from "#shared/forms/bot-guard.ts";
import { firstErrorMessage, toFailedFormats, toInlineFieldErrors } from "#shared/forms/field-errors.ts";
import { uiStrings } from "#shared/ui-strings.ts";
import { appointment, webAppLead } from "#tests/support/submissions.ts";
import { createAppointmentServerSchema, webAppLeadServerSchema } from "./lead-schemas";

const now = new Date("2026-11-23T08:00:00Z");
const formFields = (submission: Record<string, unknown>) =>
  separateBotGuardFields(submission).fields as Record<string, unknown>;

describe("the server's own phone check is a phone format failure (requirements §5)", () => {
  it("a number only the server can refuse: labelled in the toast, short beside the field", () => {
    const result = webAppLeadServerSchema.safeParse({
      ...formFields(webAppLead()),
      phoneNumber: "082 555 12345",
    });
    if (result.success) throw new Error("expected a refusal");
    expect(firstErrorMessage(result.error)).toBe("Phone Number must be a valid phone number");
    expect(toFailedFormats(result.error)).toEqual({ phoneNumber: "phone" });
    expect(toInlineFieldErrors(result.error)).toEqual({ phoneNumber: uiStrings.phoneInvalid });
  });

  it("the appointment's phone alike", () => {
    const result = createAppointmentServerSchema(now).safeParse(
      formFields(appointment(now, { phone: "082 555 12345" })),
    );
    if (result.success) throw new Error("expected a refusal");
    expect(toFailedFormats(result.error)).toEqual({ phone: "phone" });
    expect(toInlineFieldErrors(result.error)).toEqual({ phone: uiStrings.phoneInvalid });
  });

  it("still stores a real number in E.164", () => {
    const lead = webAppLeadServerSchema.parse({ ...formFields(webAppLead()), phoneNumber: "082 555 0199" });
    expect(lead.phoneNumber).toBe("+27825550199");
  });
});

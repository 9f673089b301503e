import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { separateBotGuardFields } from "#shared/forms/bot-guard.ts";
import { toFieldErrors } from "#shared/forms/field-errors.ts";
import { hostileText } from "#tests/support/hostile-text.ts";
import { phoneLikeText, writtenSouthAfricanNumber } from "#tests/support/phone-numbers.ts";
import { isE164PhoneNumber } from "#tests/support/stored-text.ts";
import { appointment, webAppLead } from "#tests/support/submissions.ts";
import { createAppointmentServerSchema, webAppLeadServerSchema } from "./lead-schemas";
import { toE164 } from "./phone-numbers";

const now = new Date("2026-11-23T08:00:00Z");
const appointmentSchema = createAppointmentServerSchema(now);
const formFields = (submission: Record<string, unknown>) =>
  separateBotGuardFields(submission).fields as Record<string, unknown>;

describe("toE164", () => {
  it.each([
    ["082 555 1234", "+27825551234"],
    ["0825551234", "+27825551234"],
    ["+27 82 555 1234", "+27825551234"],
    ["0027 82 555 1234", "+27825551234"],
    ["+27 (0)82 555 1234", "+27825551234"],
    ["(021) 555-0123", "+27215550123"],
    ["0800 123 456", "+27800123456"],
    ["+44 20 7946 0958", "+442079460958"],
    ["00 44 20 7946 0958", "+442079460958"],
  ])("%s → %s", (written, e164) => {
    expect(toE164(written)).toBe(e164);
  });

  it.each([
    ["a digit too many", "082 555 12345"],
    ["a digit too few", "021 555 012"],
    ["no such area code", "(099) 555-0123"],
    ["a US number from the films", "+1 (555) 123-4567"],
    ["no such country", "+999 123 4567"],
    ["text around the number", "call 082 555 1234"],
  ])("refuses %s: %s", (_why, written) => {
    expect(toE164(written)).toBeUndefined();
  });

  it("reads every writing of a South African number as the same E.164 number", () => {
    fc.assert(
      fc.property(writtenSouthAfricanNumber, ({ written, e164 }) => {
        expect(toE164(written)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it("gives E.164 or nothing, whatever it is sent", () => {
    fc.assert(
      fc.property(fc.oneof(phoneLikeText, hostileText, fc.string()), (text) => {
        const e164 = toE164(text);
        if (e164 !== undefined) expect(isE164PhoneNumber(e164), e164).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("server schemas", () => {
  it("store the web-app lead's phone number in E.164; an empty one stays empty", () => {
    const lead = formFields(webAppLead());
    expect(webAppLeadServerSchema.parse({ ...lead, phoneNumber: "082 555 0199" }).phoneNumber).toBe(
      "+27825550199",
    );
    expect(webAppLeadServerSchema.parse({ ...lead, phoneNumber: "" }).phoneNumber).toBe("");
    const { phoneNumber: _omitted, ...withoutPhone } = lead;
    expect(webAppLeadServerSchema.parse(withoutPhone).phoneNumber).toBeUndefined();
  });

  it("store the appointment's phone in E.164", () => {
    const request = formFields(appointment(now, { phone: "(021) 555-0123" }));
    expect(appointmentSchema.parse(request).phone).toBe("+27215550123");
  });

  /** The field of each message, in order, of a submission the schema must refuse. */
  function refusedFields(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
    if (result.success || !result.error) throw new Error("expected a refusal");
    return result.error.issues.map((issue) => issue.path[0]);
  }

  it("refuse a number that only looks like one, with the requirements §5 message on its field", () => {
    const lead = webAppLeadServerSchema.safeParse({
      ...formFields(webAppLead()),
      phoneNumber: "082 555 12345",
    });
    expect(refusedFields(lead)).toEqual(["phoneNumber"]);
    expect(lead.error && toFieldErrors(lead.error)).toEqual({
      phoneNumber: "Phone Number must be a valid phone number",
    });
    const request = appointmentSchema.safeParse(formFields(appointment(now, { phone: "082 555 12345" })));
    expect(refusedFields(request)).toEqual(["phone"]);
    expect(request.error && toFieldErrors(request.error)).toEqual({
      phone: "Please enter a valid phone number",
    });
  });

  it("keep the form's order of messages: the phone's comes before the company's", () => {
    const lead = webAppLeadServerSchema.safeParse({
      ...formFields(webAppLead()),
      phoneNumber: "082 555 12345",
      companyName: "",
    });
    expect(refusedFields(lead)).toEqual(["phoneNumber", "companyName"]);
  });

  it("accept only E.164 for any phone they are sent", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          phoneLikeText,
          writtenSouthAfricanNumber.map((n) => n.written),
        ),
        (phone) => {
          const parsed = appointmentSchema.safeParse(formFields(appointment(now, { phone })));
          if (parsed.success) expect(isE164PhoneNumber(parsed.data.phone), parsed.data.phone).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

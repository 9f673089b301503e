import { describe, expect, it } from "vitest";
import { sampleAppointment, sampleMonday } from "#tests/support/appointment-sample.ts";
import {
  appointmentDateOptions,
  appointmentTimeSlots,
  formatDateLabel,
  serviceTypeOptions,
} from "./appointment";
import { createAppointmentSchema } from "./appointment-schema";
import { firstErrorMessage, toFieldErrors } from "./field-errors";

const monday = sampleMonday;
const schema = createAppointmentSchema(monday);
const valid = sampleAppointment;

function errorsOf(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a validation failure");
  return { fieldErrors: toFieldErrors(result.error), first: firstErrorMessage(result.error) };
}

describe("appointment dates (requirements §5: next 14 days from tomorrow, weekdays only)", () => {
  it("lists the weekdays of the 14 days after today", () => {
    expect(appointmentDateOptions(monday).map((o) => o.value)).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-07",
    ]);
  });

  it("labels dates like 'Tue, 24 Nov 2026'", () => {
    expect(appointmentDateOptions(monday)[0]).toEqual({ value: "2026-11-24", label: "Tue, 24 Nov 2026" });
    expect(formatDateLabel("2026-12-07")).toBe("Mon, 7 Dec 2026");
  });

  it("counts days in Cape Town time, not UTC, around midnight", () => {
    // 23:59:59 on Monday in Cape Town is still Monday: tomorrow is Tuesday 24th.
    expect(appointmentDateOptions(new Date("2026-11-23T21:59:59Z"))[0]?.value).toBe("2026-11-24");
    // 22:00 UTC on Monday is already 00:00 on Tuesday in Cape Town: tomorrow is Wednesday 25th,
    // although it is still Monday in UTC.
    const afterMidnight = appointmentDateOptions(new Date("2026-11-23T22:00:00Z"));
    expect(afterMidnight[0]?.value).toBe("2026-11-25");
    expect(afterMidnight.at(-1)?.value).toBe("2026-12-08");
  });

  it("never offers a Saturday or Sunday, from any starting day", () => {
    for (let day = 0; day < 7; day++) {
      const now = new Date(Date.UTC(2026, 10, 23 + day, 12));
      const options = appointmentDateOptions(now);
      expect(options).toHaveLength(10);
      for (const option of options)
        expect([0, 6]).not.toContain(new Date(`${option.value}T00:00:00Z`).getUTCDay());
    }
  });

  it("crosses month and year ends", () => {
    const options = appointmentDateOptions(new Date("2026-12-30T10:00:00Z"));
    expect(options[0]?.value).toBe("2026-12-31");
    expect(options.at(-1)?.value).toBe("2027-01-13");
  });
});

describe("appointment times and service types (requirements §3, §5)", () => {
  it("offers the seven slots", () => {
    expect(appointmentTimeSlots).toEqual([
      "09:00 AM",
      "10:00 AM",
      "11:00 AM",
      "01:00 PM",
      "02:00 PM",
      "03:00 PM",
      "04:00 PM",
    ]);
  });

  it("offers the five service types with their labels", () => {
    expect(serviceTypeOptions.map((o) => [o.value, o.label])).toEqual([
      ["web-development", "Web Application Development"],
      ["mobile-development", "Mobile App Development"],
      ["ui-ux", "UI/UX Design"],
      ["maintenance", "Maintenance & Support"],
      ["consultation", "General Consultation"],
    ]);
  });
});

describe("appointment form rules (requirements §5 table)", () => {
  it("accepts a complete request; company is optional", () => {
    expect(schema.parse(valid)).toEqual(valid);
    expect(schema.parse({ ...valid, company: "" }).company).toBe("");
    expect(schema.parse({ ...valid, company: "Nkosi Consulting" }).company).toBe("Nkosi Consulting");
  });

  it("gives every required field its message", () => {
    expect(errorsOf({}).fieldErrors).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone number is required",
      service_type: "Please select a service type",
      preferred_date: "Please select a preferred date",
      preferred_time: "Please select a preferred time",
      project_details: "Project details are required",
    });
  });

  it("treats empty strings as missing, as a form posts them", () => {
    const blank = Object.fromEntries(Object.keys(valid).map((key) => [key, ""]));
    expect(errorsOf(blank).fieldErrors).toEqual(errorsOf({}).fieldErrors);
  });

  it.each([
    ["name", "J", "Name must be between 2 and 50 characters"],
    ["name", "x".repeat(51), "Name must be between 2 and 50 characters"],
    ["email", "thandi@example", "Please enter a valid email address"],
    ["email", `${"a".repeat(250)}@x.co`, "Please enter a valid email address"],
    ["phone", "0000", "Please enter a valid phone number"],
    ["phone", "+27 82 555 0142 0000000", "Please enter a valid phone number"],
    ["project_details", "Too short", "Project details must be between 10 and 1000 characters"],
    ["project_details", "x".repeat(1001), "Project details must be between 10 and 1000 characters"],
    ["company", "c".repeat(101), "Company must be at most 100 characters"],
    ["service_type", "seo", "Please select a service type"],
    ["preferred_time", "12:00 PM", "Please select a preferred time"],
    ["preferred_date", "2026-11-28", "Please select one of the available dates"],
    ["preferred_date", "2026-11-23", "Please select one of the available dates"],
    ["preferred_date", "2026-12-08", "Please select one of the available dates"],
    ["preferred_date", "next tuesday", "Please select one of the available dates"],
  ])("%s = %j → '%s'", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value }).fieldErrors).toEqual({ [field]: message });
  });

  it("accepts the limits themselves", () => {
    expect(schema.safeParse({ ...valid, name: "Jo" }).success).toBe(true);
    expect(schema.safeParse({ ...valid, name: "x".repeat(50) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, project_details: "x".repeat(10) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, project_details: "x".repeat(1000) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, company: "c".repeat(100) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, phone: "+27 (82) 555-0142" }).success).toBe(true);
    expect(schema.safeParse({ ...valid, phone: "082 555 0142" }).success).toBe(true);
  });

  it("measures lengths on the cleaned text", () => {
    expect(errorsOf({ ...valid, name: " <J> " }).first).toBe("Name must be between 2 and 50 characters");
    expect(schema.parse({ ...valid, project_details: "  <b>Bold</b> plans  " }).project_details).toBe(
      "bBold/b plans",
    );
  });

  it("refuses unknown fields, the read flag included (the server sets it)", () => {
    expect(errorsOf({ ...valid, read: true }).fieldErrors).toEqual({ read: "Unknown field: read" });
  });
});

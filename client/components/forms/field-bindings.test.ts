import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { inlineFieldErrors } from "#shared/forms/field-errors.ts";
import type { NewsletterField } from "#shared/forms/newsletter.ts";
import { webAppLeadFormats, webAppLeadLabels, type WebAppLeadField } from "#shared/forms/web-app-lead.ts";
import type { webAppLeadSchema } from "#shared/forms/web-app-lead-schema.ts";
import { websiteDesignLeadLabels, type WebsiteDesignLeadField } from "#shared/forms/website-design-lead.ts";
import type { websiteDesignLeadSchema } from "#shared/forms/website-design-lead-schema.ts";
import type { AppointmentField, appointmentLabels } from "#shared/forms/appointment.ts";
import type { AppointmentSchema } from "#shared/forms/appointment-schema.ts";
import type { newsletterSchema } from "#shared/forms/newsletter-schema.ts";
import { uiStrings } from "#shared/ui-strings.ts";
import { interpretApiReply } from "./api-reply";
import { bindField, type BoundField, type FormBinding } from "./fields";
import type { LeadFormProps } from "./lead-form";

type WebsiteDesignProps = LeadFormProps<typeof websiteDesignLeadSchema>;

describe("fields are bound by their schema's keys", () => {
  it("binds a field's name, label, message, entered value and error clearing", () => {
    const cleared: string[] = [];
    const binding: FormBinding<WebAppLeadField> = {
      errors: { workEmail: uiStrings.emailInvalid },
      values: { workEmail: "sipho@" },
      clearError: (name) => cleared.push(name),
    };
    const field = bindField(binding, "workEmail", webAppLeadLabels.workEmail);
    expect(field).toMatchObject({
      name: "workEmail",
      label: "Work Email",
      error: uiStrings.emailInvalid,
      defaultValue: "sipho@",
    });
    field.onEdit();
    expect(cleared).toEqual(["workEmail"]);
    expect(bindField(binding, "fullName", webAppLeadLabels.fullName).error).toBeUndefined();
  });

  it("refuses a misspelt field name at the type check", () => {
    const binding: FormBinding<WebsiteDesignLeadField> = { errors: {}, values: {}, clearError: () => {} };
    // @ts-expect-error: the website-design schema has no "fulName"
    expect(bindField(binding, "fulName", "Full Name").name).toBe("fulName");

    const children: WebsiteDesignProps["children"] = (field) => {
      field("fullName");
      // @ts-expect-error: nor does a lead form's `field` take it
      field("fulName");
      // @ts-expect-error: another form's field is no field of this one
      field("workEmail");
      return null;
    };
    const bound: string[] = [];
    children((name) => {
      bound.push(name);
      return bindField(binding, name, websiteDesignLeadLabels[name]);
    });
    expect(bound).toEqual(["fullName", "fulName", "workEmail"]);
  });

  it("types each form's field names, labels and formats by its schema", () => {
    expectTypeOf<Parameters<Parameters<WebsiteDesignProps["children"]>[0]>[0]>().toEqualTypeOf<
      "fullName" | "companyName" | "businessEmail" | "websiteType" | "budget" | "timeline"
    >();
    // The field names the pages bind (no zod on the page) are exactly the schemas' keys.
    expectTypeOf<keyof z.input<typeof websiteDesignLeadSchema>>().toEqualTypeOf<WebsiteDesignLeadField>();
    expectTypeOf<keyof typeof websiteDesignLeadLabels>().toEqualTypeOf<WebsiteDesignLeadField>();
    expectTypeOf<keyof z.input<typeof webAppLeadSchema>>().toEqualTypeOf<WebAppLeadField>();
    expectTypeOf<keyof typeof webAppLeadLabels>().toEqualTypeOf<WebAppLeadField>();
    expectTypeOf<keyof z.input<AppointmentSchema>>().toEqualTypeOf<AppointmentField>();
    expectTypeOf<keyof typeof appointmentLabels>().toEqualTypeOf<AppointmentField>();
    expectTypeOf<keyof z.input<typeof newsletterSchema>>().toEqualTypeOf<NewsletterField>();
    expectTypeOf<NewsletterField>().toEqualTypeOf<"email">();
    expectTypeOf<ReturnType<typeof bindField<NewsletterField>>>().toEqualTypeOf<BoundField<"email">>();

    // @ts-expect-error: a lead form needs a label for every field of its schema
    const missing: WebsiteDesignProps["labels"] = { fullName: "Full Name" };
    // @ts-expect-error: and no label for a field its schema lacks
    const extra: WebsiteDesignProps["labels"] = { ...websiteDesignLeadLabels, fulName: "Full Name" };
    // @ts-expect-error: a format for a field the schema lacks
    const format: LeadFormProps<typeof webAppLeadSchema>["fieldFormats"] = { phone: "phone" };
    expect([missing, extra, format]).toHaveLength(3);
  });
});

describe("a lead form's message beside a field the server refused (requirements §5)", () => {
  it("the server-only phone refusal: its labelled message in the toast, the short one beside the field", () => {
    const message = "Phone Number must be a valid phone number";
    const reply = interpretApiReply({
      ok: false,
      statusText: "Bad Request",
      body: JSON.stringify({ success: false, error: message, fieldErrors: { phoneNumber: message } }),
    });
    if (reply.outcome !== "invalid") throw new Error("expected a refusal of fields");
    expect(reply.message).toBe(message);
    // What useJsonForm shows beside the fields, given the lead form's `fieldFormats`.
    expect(inlineFieldErrors(reply.fieldErrors, webAppLeadFormats)).toEqual({
      phoneNumber: uiStrings.phoneInvalid,
    });
  });

  it("a refusal of a field that has no format keeps its message", () => {
    expect(inlineFieldErrors({ companyName: "Company Name is required" }, webAppLeadFormats)).toEqual({
      companyName: "Company Name is required",
    });
  });
});

import { z } from "zod";
import { formatCheck, type FieldFormats } from "./field-errors";
import { leadMessages as m } from "./lead-messages";
import { cleanedText, isValidEmail, optionalChoice, optionValues, type Option } from "./rules";

/** SPEC §3 option lists of the website-design lead form. */
export const websiteTypeOptions = [
  { value: "new-build", label: "New website build" },
  { value: "redesign", label: "Website redesign" },
  { value: "cms-upgrade", label: "CMS upgrade" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];

export const budgetOptions = [
  { value: "15k-30k", label: "R15k - R30k" },
  { value: "30k-60k", label: "R30k - R60k" },
  { value: "60k+", label: "R60k+" },
] as const satisfies readonly Option[];

export const timelineOptions = [
  { value: "1-2-months", label: "1-2 months" },
  { value: "3-4-months", label: "3-4 months" },
  { value: "not-sure", label: "Not sure yet" },
] as const satisfies readonly Option[];

/** The form's labels: the form, the agency's e-mail, the CLI and its messages all use these. */
export const websiteDesignLeadLabels = {
  fullName: "Full Name",
  companyName: "Company Name",
  businessEmail: "Business Email",
  websiteType: "Website Type",
  budget: "Budget",
  timeline: "Timeline",
} as const;

const l = websiteDesignLeadLabels;

/**
 * SPEC §5 lead form rules for the website-design service page; unknown fields are refused.
 * `satisfies`: the fields are exactly the labels' keys, so neither can lack one the other has.
 */
export const websiteDesignLeadSchema = z.strictObject({
  fullName: cleanedText({
    label: l.fullName,
    required: m.required(l.fullName),
    invalidType: m.invalidType(l.fullName),
  }),
  companyName: cleanedText({
    label: l.companyName,
    required: m.required(l.companyName),
    invalidType: m.invalidType(l.companyName),
  }),
  businessEmail: cleanedText({
    label: l.businessEmail,
    required: m.required(l.businessEmail),
    invalidType: m.invalidType(l.businessEmail),
    rules: (field) => field.refine(isValidEmail, formatCheck("email", m.invalidEmail(l.businessEmail))),
  }),
  websiteType: optionalChoice(optionValues(websiteTypeOptions), m.invalidChoice(l.websiteType)),
  budget: optionalChoice(optionValues(budgetOptions), m.invalidChoice(l.budget)),
  timeline: optionalChoice(optionValues(timelineOptions), m.invalidChoice(l.timeline)),
} satisfies Record<keyof typeof l, z.ZodType>);

export type WebsiteDesignLeadInput = z.input<typeof websiteDesignLeadSchema>;
export type WebsiteDesignLead = z.output<typeof websiteDesignLeadSchema>;
export type WebsiteDesignLeadField = keyof WebsiteDesignLeadInput;

/** The form's e-mail and phone fields: a refusal of one by the server reads its short message beside it. */
export const websiteDesignLeadFormats = {
  businessEmail: "email",
} as const satisfies FieldFormats<WebsiteDesignLeadField>;

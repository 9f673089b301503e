import { z } from "zod";
import { formatCheck, type FieldFormats } from "./field-errors";
import { leadMessages as m } from "./lead-messages";
import {
  cleanedText,
  isValidEmail,
  looksLikePhoneNumber,
  optionalChoice,
  optionValues,
  type Option,
} from "./rules";

/** SPEC §3 company sizes of the web-app lead form. */
export const companySizeOptions = [
  { value: "1-10", label: "1-10" },
  { value: "11-50", label: "11-50" },
  { value: "51-200", label: "51-200" },
  { value: "200+", label: "200+" },
] as const satisfies readonly Option[];

/** The form's labels: the form, the agency's e-mail, the CLI and its messages all use these. */
export const webAppLeadLabels = {
  fullName: "Full Name",
  workEmail: "Work Email",
  phoneNumber: "Phone Number",
  companyName: "Company Name",
  industry: "Industry",
  companySize: "Company Size",
} as const;

const l = webAppLeadLabels;

/**
 * SPEC §5 lead form rules for the web-app service page; the phone number is optional.
 * `satisfies`: the fields are exactly the labels' keys, so neither can lack one the other has.
 */
export const webAppLeadSchema = z.strictObject({
  fullName: cleanedText({
    label: l.fullName,
    required: m.required(l.fullName),
    invalidType: m.invalidType(l.fullName),
  }),
  workEmail: cleanedText({
    label: l.workEmail,
    required: m.required(l.workEmail),
    invalidType: m.invalidType(l.workEmail),
    rules: (field) => field.refine(isValidEmail, formatCheck("email", m.invalidEmail(l.workEmail))),
  }),
  phoneNumber: cleanedText({
    label: l.phoneNumber,
    invalidType: m.invalidType(l.phoneNumber),
    rules: (field) =>
      field.refine(
        (value) => value === "" || looksLikePhoneNumber(value),
        formatCheck("phone", m.invalidPhone(l.phoneNumber)),
      ),
  }).optional(),
  companyName: cleanedText({
    label: l.companyName,
    required: m.required(l.companyName),
    invalidType: m.invalidType(l.companyName),
  }),
  industry: cleanedText({ label: l.industry, invalidType: m.invalidType(l.industry) }).optional(),
  companySize: optionalChoice(optionValues(companySizeOptions), m.invalidChoice(l.companySize)),
} satisfies Record<keyof typeof l, z.ZodType>);

export type WebAppLeadInput = z.input<typeof webAppLeadSchema>;
export type WebAppLead = z.output<typeof webAppLeadSchema>;
export type WebAppLeadField = keyof WebAppLeadInput;

/** The form's e-mail and phone fields: a refusal of one by the server reads its short message beside it. */
export const webAppLeadFormats = {
  workEmail: "email",
  phoneNumber: "phone",
} as const satisfies FieldFormats<WebAppLeadField>;

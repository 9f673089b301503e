import type { FieldFormats } from "./field-errors";
import type { Option } from "./rules";

/** requirements §3 company sizes of the web-app lead form. */
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

export type WebAppLeadField = keyof typeof webAppLeadLabels;

/** The form's e-mail and phone fields: a refusal of one by the server reads its short message beside it. */
export const webAppLeadFormats = {
  workEmail: "email",
  phoneNumber: "phone",
} as const satisfies FieldFormats<WebAppLeadField>;

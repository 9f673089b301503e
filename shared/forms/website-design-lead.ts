import type { FieldFormats } from "./field-errors";
import type { Option } from "./rules";

/** requirements §3 option lists of the website-design lead form. */
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

export type WebsiteDesignLeadField = keyof typeof websiteDesignLeadLabels;

/** The form's e-mail and phone fields: a refusal of one by the server reads its short message beside it. */
export const websiteDesignLeadFormats = {
  businessEmail: "email",
} as const satisfies FieldFormats<WebsiteDesignLeadField>;

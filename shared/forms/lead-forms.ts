/** The forms a visitor can submit, as logs and metrics name them. */
export const leadForms = [
  "website-design-lead",
  "web-app-lead",
  "appointment-request",
  "newsletter",
] as const;
export type LeadForm = (typeof leadForms)[number];

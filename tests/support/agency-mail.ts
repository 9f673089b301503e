/** The agency's mail settings the e-mail suites run with: its inbox, sender and address. */
export const agencyMailEnv = {
  MAIL_TO: "leads@agency.test",
  MAIL_FROM: "Agency website <noreply@agency.test>",
  SITE_URL: "https://agency.test",
} as const;

import type { SiteSettings } from "#shared/site-settings.ts";

/**
 * The policy's sections as its table of contents lists them. The text is in
 * privacy-policy.md, where each heading carries its id (`## Cookies {#cookies}`); a test
 * (scripts/lib/markdown-plugin.test.ts) checks every entry has its heading there.
 */
export const tableOfContents = [
  { id: "customer-and-visitor-privacy", title: "Customer and Visitor Privacy" },
  { id: "cookies", title: "Cookies" },
  { id: "web-beacons", title: "Web Beacons" },
  { id: "advertising-and-analytics-networks", title: "Advertising and Analytics Networks" },
  { id: "remarketing", title: "Remarketing" },
  { id: "other-websites", title: "Other Websites" },
  { id: "card-information", title: "Card Information" },
  { id: "limitation-of-liability", title: "Limitation of Liability" },
  { id: "changes-to-this-policy", title: "Changes to This Policy" },
  { id: "cookie-policy", title: "Cookie Policy" },
  { id: "your-rights", title: "Your Rights" },
  { id: "complaints", title: "Complaints" },
  { id: "contact-us", title: "Contact Us" },
] as const;

/** What the `{{name}}` placeholders in privacy-policy.md stand for. */
export function policyValues({ brandName, email, phone, phoneDisplay, address }: SiteSettings) {
  const { street, suburb, city, postalCode, region, country } = address;
  return { brandName, email, phone, phoneDisplay, street, suburb, city, postalCode, region, country };
}

import type { SiteSettings } from "#shared/site-settings.ts";

/**
 * The `{name}` tokens the privacy policy's Markdown may hold, each filled from the current
 * site settings when the page is rendered, so the policy names the agency's own brand,
 * address and numbers without a copy of them to keep in step. `{brand}` is filled as in
 * every page's copy (client/lib/page-copy.ts).
 */
export function policyTokenValues({ email, phone, phoneDisplay, address }: SiteSettings) {
  const { street, suburb, city, postalCode, region, country } = address;
  return { email, phone, phoneDisplay, street, suburb, city, postalCode, region, country };
}

export type PolicyToken = keyof ReturnType<typeof policyTokenValues>;

const TOKEN = /\{(email|phone|phoneDisplay|street|suburb|city|postalCode|region|country)\}/g;

/** `markdown` with each token replaced by its setting; other braces are left as written. */
export function fillPolicyTokens(markdown: string, values: Readonly<Record<PolicyToken, string>>): string {
  return markdown.replace(TOKEN, (_, name: PolicyToken) => values[name]);
}

/** The hint under the policy's field in the workspace. */
export const policyTokensHint =
  "Same Markdown as news articles; HTML is shown as text. A heading can name its link, as in ## Cookies {#cookies}; `words` in backticks show as a badge. " +
  "{brand}, {email}, {phone} (dial form), {phoneDisplay}, {street}, {suburb}, {city}, {postalCode}, {region} and {country} " +
  "are replaced by the site settings.";

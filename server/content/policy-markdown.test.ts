import { describe, expect, it } from "vitest";
import { privacyPolicyCopy } from "#data/pages/privacy-policy-copy.ts";
import { fillPolicyTokens, policyTokenValues } from "#shared/copy/policy-tokens.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { renderPolicy } from "./policy-markdown";

const origin = "https://agency.example";

/** The shipped policy, rendered as its page renders it with the default settings. */
const shipped = renderPolicy(
  fillPolicyTokens(privacyPolicyCopy.body, policyTokenValues(defaultSiteSettings)).replace(
    /\{brand\}/g,
    defaultSiteSettings.brandName,
  ),
  origin,
);

describe("the shipped privacy policy", () => {
  it("lists its sections, with the ids links to them have always used", () => {
    expect(shipped.sections.map(({ id }) => id)).toEqual([
      "customer-and-visitor-privacy",
      "cookies",
      "web-beacons",
      "advertising-and-analytics-networks",
      "remarketing",
      "other-websites",
      "card-information",
      "limitation-of-liability",
      "changes-to-this-policy",
      "cookie-policy",
      "your-rights",
      "complaints",
      "contact-us",
    ]);
    expect(shipped.sections[1]).toEqual({ id: "cookies", title: "Cookies" });
    for (const { id, title } of shipped.sections)
      expect(shipped.html).toContain(`<h2 id="${id}">${title}</h2>`);
  });

  it("keeps the ids linked from elsewhere, and every link within the page lands", () => {
    const ids = new Set([...shipped.html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    for (const id of [
      "counting-visits",
      "lead-attribution",
      "cookies-functional",
      "cookies-statistics",
      "cookies-marketing",
      "forms-and-newsletter",
    ])
      expect(ids).toContain(id);
    const anchors = [...shipped.html.matchAll(/href="#([^"]*)"/g)].map((match) => match[1]);
    expect(anchors).toContain("cookie-policy");
    for (const anchor of anchors) expect(ids).toContain(anchor);
  });

  it("names the agency from its settings, with no token left unfilled", () => {
    const { email, phone, phoneDisplay, brandName, address } = defaultSiteSettings;
    expect(shipped.html).toContain(`<a href="mailto:${email}">${email}</a>`);
    expect(shipped.html).toContain(`<a href="tel:${phone}">${phoneDisplay}</a>`);
    expect(shipped.html).toContain(`<strong>${brandName}</strong><br>`);
    expect(shipped.html).toContain(address.street);
    expect(shipped.html).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it("says in plain words what a lead records of where it came from", () => {
    const section = shipped.html.slice(shipped.html.indexOf('id="lead-attribution"'));
    for (const words of [
      "the page you sent the form from",
      "the page on our website where your visit began",
      "the website that sent you to us",
      "campaign",
      "click code",
      "No cookie is set",
      "deleted with your enquiry",
    ])
      expect(section).toContain(words);
  });
});

describe("rendering a policy", () => {
  it("shows raw HTML as text and drops unsafe links", () => {
    const { html } = renderPolicy(
      '## Hi {#hi}\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))',
      origin,
    );
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(html).toContain('<h2 id="hi">Hi</h2>');
  });

  it("gives the table of contents plain text, and two headings naming one id distinct ids", () => {
    const { sections } = renderPolicy("## Terms & Conditions {#terms}\n\n## Again {#terms}\n", origin);
    expect(sections).toEqual([
      { id: "terms", title: "Terms & Conditions" },
      { id: "terms-2", title: "Again" },
    ]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholderNames } from "#client/components/sections/prose.tsx";
import { policyValues, tableOfContents } from "#data/pages/privacy-policy-copy.ts";
import { projectRoot } from "#server/config.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { markdown, renderMarkdown } from "./markdown-plugin";
import { slugify } from "#shared/slug.ts";

describe("renderMarkdown", () => {
  it("gives a heading the id written after it, else its title's slug", () => {
    const html = renderMarkdown("## Cookies {#cookies}\n\n### Forms & Newsletter\n\n#### Why? {#why}\n");
    expect(html).toContain('<h2 id="cookies">Cookies</h2>');
    expect(html).toContain('<h3 id="forms-newsletter">Forms &amp; Newsletter</h3>');
    expect(html).toContain('<h4 id="why">Why?</h4>');
    expect(slugify("  Changes to This Policy! ")).toBe("changes-to-this-policy");
  });

  it("keeps inline HTML in a heading and takes the id from its end", () => {
    expect(renderMarkdown('### Functional <span class="badge">Always active</span> {#on}')).toBe(
      '<h3 id="on">Functional <span class="badge">Always active</span></h3>\n',
    );
  });

  it("wraps each ## heading and what follows it in a section it labels", () => {
    const html = renderMarkdown(
      "Intro.\n\n## One {#one}\n\nFirst.\n\n### Sub\n\nMore.\n\n## Two\n\nSecond.\n",
    );
    expect(html).toBe(
      "<p>Intro.</p>\n" +
        '<section aria-labelledby="one">\n<h2 id="one">One</h2>\n<p>First.</p>\n<h3 id="sub">Sub</h3>\n<p>More.</p>\n</section>\n' +
        '<section aria-labelledby="two">\n<h2 id="two">Two</h2>\n<p>Second.</p>\n</section>\n',
    );
  });

  it("refuses two headings with one id, and a heading without one", () => {
    expect(() => renderMarkdown("## Cookies\n\n## Other {#cookies}\n")).toThrow(
      'Two headings have the id "cookies"',
    );
  });

  it("escapes text, keeps the repository's own raw HTML, and leaves authors' comments out", () => {
    const html = renderMarkdown(
      '<!-- a note -->\n\nFish & chips < 5 "each".\n\n<address>\n<p>Here</p>\n</address>\n',
    );
    expect(html).toBe(
      "<p>Fish &amp; chips &lt; 5 &quot;each&quot;.</p>\n<address>\n<p>Here</p>\n</address>\n",
    );
  });

  it("leaves {{placeholders}} for the page to fill, in text and in links", () => {
    const html = renderMarkdown('Mail <a href="mailto:{{email}}">{{email}}</a> at {{brandName}}.');
    expect(placeholderNames(html)).toEqual(["email", "email", "brandName"]);
    expect(fillPlaceholders(html, { email: 'a"b@example.com', brandName: "<Acme & Co>" })).toBe(
      '<p>Mail <a href="mailto:a&quot;b@example.com">a&quot;b@example.com</a> at &lt;Acme &amp; Co&gt;.</p>\n',
    );
    expect(() => fillPlaceholders(html, { email: "a@example.com" })).toThrow("No value for {{brandName}}");
  });
});

describe("the Vite plugin", () => {
  it("makes a .md module's default export its HTML, and leaves ?raw imports alone", () => {
    const { transform } = markdown();
    if (typeof transform !== "object") throw new Error("expected a transform hook with a filter");
    const pattern = transform.filter?.id as RegExp;
    const id = "/site/data/pages/x.md";
    expect(pattern.test(id)).toBe(true);
    expect(pattern.test(`${id}?raw`)).toBe(false);
    const result = transform.handler.call({} as never, "## Hi {#hi}\n", id) as { code: string };
    expect(result.code).toBe(
      `export default ${JSON.stringify('<section aria-labelledby="hi">\n<h2 id="hi">Hi</h2>\n</section>\n')};\n`,
    );
  });
});

describe("data/pages/privacy-policy.md", () => {
  const html = renderMarkdown(
    readFileSync(path.join(projectRoot, "data", "pages", "privacy-policy.md"), "utf8"),
  );

  it("has a heading for every entry of the table of contents, with its title", () => {
    for (const { id, title } of tableOfContents) expect(html).toContain(`<h2 id="${id}">${title}</h2>`);
    const sectionIds = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
    expect(sectionIds).toEqual(tableOfContents.map(({ id }) => id));
  });

  it("keeps the ids linked from elsewhere on the page", () => {
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    for (const id of [
      "cookies-functional",
      "cookies-statistics",
      "cookies-marketing",
      "forms-and-newsletter",
    ])
      expect(ids).toContain(id);
    const anchors = [...html.matchAll(/href="#([^"]*)"/g)].map((match) => match[1]);
    expect(anchors).toContain("cookie-policy");
    for (const anchor of anchors) expect(ids).toContain(anchor);
  });

  it("has a value for every placeholder, from the site's settings", () => {
    const values: Record<string, string> = policyValues(defaultSiteSettings);
    expect(placeholderNames(html).filter((name) => !(name! in values))).toEqual([]);
    const filled = fillPlaceholders(html, values);
    expect(filled).toContain(
      `<a href="mailto:${defaultSiteSettings.email}">${defaultSiteSettings.email}</a>`,
    );
    expect(filled).toContain(
      `<a href="tel:${defaultSiteSettings.phone}">${defaultSiteSettings.phoneDisplay}</a>`,
    );
    expect(filled).toContain("<strong>Last updated: February 17, 2025</strong>");
  });
});

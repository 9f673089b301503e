import { decode } from "html-entities";
import fc from "fast-check";
import { Marked, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { renderArticle } from "./article-markdown";
import { linkTarget } from "./link-target";

/**
 * A link in staff-written Markdown leads where a browser takes its href, and says so
 * (docs/decisions/052-link-targets-and-hashed-addresses.md).
 */

const origin = "https://agency.example";
/** An article's page: where a reader clicks the link. */
const page = `${origin}/news/some-article`;

/** What a browser opens for an href on the page, or undefined when it cannot parse it. */
const opened = (href: string, base = page): string | undefined => {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
};

const hrefsIn = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => decode(match[1] ?? ""));

/** Pieces browsers read in surprising ways: schemes, slashes both ways, controls, escapes. */
const pieces = [
  "/",
  "\\",
  "//",
  "/\\",
  "\\\\",
  ".",
  "..",
  ":",
  "@",
  "#",
  "?",
  "%",
  "%2e",
  "%2F",
  "%5C",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u001f",
  " ",
  "\u00a0",
  "evil.test",
  "agency.example",
  "AGENCY.example:443",
  "a",
  "x y",
  "é",
  "http:",
  "https:",
  "HTTPS:",
  "javascript:",
  "JaVa\tScRiPt:",
  "java\nscript:",
  "data:",
  "vbscript:",
  "mailto:",
  "tel:",
  "ftp:",
  "file:",
  "blob:",
  "alert(1)",
  "&amp;",
  "'",
  '"',
];
const hostileHref = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(""));
const anyHref = fc.oneof(
  hostileHref,
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc.string(),
);

describe("a link's target", () => {
  it("is where a browser would have gone, written as that place, for any href", () => {
    fc.assert(
      fc.property(anyHref, (href) => {
        const target = linkTarget(href, origin);
        if (!target) return;
        expect(opened(target.href)).toBe(opened(href));
        // Independent of the page showing it, fragments of the page itself aside.
        if (!target.href.startsWith("#")) expect(opened(target.href, `${origin}/`)).toBe(opened(href));
        expect(new URL(target.href, page).protocol).toMatch(/^(?:https?|mailto|tel):$/);
        // A path of the site is a path, never something a browser reads as another host.
        if (!/^[a-z]+:/i.test(target.href)) expect(target.href).toMatch(/^(?:\/(?![/\\])|#)/);
      }),
      { numRuns: 3000 },
    );
  });

  it("is never a script, data or any scheme but the web's, mail's and phone's", () => {
    fc.assert(
      fc.property(hostileHref, (href) => {
        const target = linkTarget(href, origin);
        if (target) expect(target.href).not.toMatch(/^\s*(?:javascript|data|vbscript|file|ftp|blob):/i);
      }),
      { numRuns: 3000 },
    );
  });

  it("writes a link that leaves the site as the absolute URL it opens", () => {
    expect(linkTarget("/\\evil.test", origin)).toEqual({ href: "https://evil.test/", external: true });
    expect(linkTarget("\\\\evil.test/x", origin)).toEqual({ href: "https://evil.test/x", external: true });
    expect(linkTarget("//evil.test", origin)).toEqual({ href: "https://evil.test/", external: true });
    expect(linkTarget(" \t/\n/evil.test", origin)).toEqual({ href: "https://evil.test/", external: true });
    // Another scheme than the page's names a host; the page's own reads as a relative path.
    expect(linkTarget("http:evil.test", origin)).toEqual({ href: "http://evil.test/", external: true });
    expect(linkTarget("https:evil.test", origin)).toBeUndefined();
  });

  it("writes a link that stays on the site as its path", () => {
    expect(linkTarget("https://AGENCY.example:443/About?x=1#team", origin)).toEqual({
      href: "/About?x=1#team",
      external: false,
    });
    expect(linkTarget("/projects", origin)).toEqual({ href: "/projects", external: false });
    expect(linkTarget("/news/../contact", origin)).toEqual({ href: "/contact", external: false });
    expect(linkTarget("#cookies", origin)).toEqual({ href: "#cookies", external: false });
    // A path of two slashes on the site would read as a host: written whole.
    expect(linkTarget("/.//evil.test", origin)).toEqual({
      href: "https://agency.example//evil.test",
      external: false,
    });
  });

  it("keeps mail and phone links, and shows everything else as text", () => {
    expect(linkTarget("mailto:hello@agency.example", origin)).toEqual({
      href: "mailto:hello@agency.example",
      external: false,
    });
    expect(linkTarget("tel:+27215550123", origin)).toEqual({ href: "tel:+27215550123", external: false });
    for (const href of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "ftp://agency.example/x",
      "http://",
      // Relative to the page that shows it: where it leads depends on the page.
      "projects",
      "../contact",
      "?page=2",
    ]) {
      expect(linkTarget(href, origin), JSON.stringify(href)).toBeUndefined();
    }
  });
});

describe("an article's links", () => {
  it("open where the browser would have gone for what staff wrote, and never a script", () => {
    const marked = new Marked({ gfm: true });
    const linkable = hostileHref.filter((href) => !/[<>\n\r]/.test(href));
    fc.assert(
      fc.property(linkable, (href) => {
        const markdown = `See [this](<${href}>).`;
        const written: string[] = [];
        marked.walkTokens(marked.lexer(markdown), (token) => {
          if (token.type === "link") written.push((token as Tokens.Link).href);
        });
        const rendered = hrefsIn(renderArticle(markdown, { origin }).html);
        expect(rendered.length).toBeLessThanOrEqual(written.length);
        for (const [index, href] of rendered.entries()) {
          expect(opened(href)).toBe(opened(written[index] ?? ""));
          expect(new URL(href, page).protocol).toMatch(/^(?:https?|mailto|tel):$/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

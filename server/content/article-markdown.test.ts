import { describe, expect, it } from "vitest";
import { readingMinutes, renderArticle } from "./article-markdown";

const origin = "https://agency.example";

describe("an article's Markdown", () => {
  it("renders headings with ids and self-links, the body's top level as h2", () => {
    const { html, headings } = renderArticle("### Why speed\n\nText.\n\n#### In detail\n\n### Why speed\n", {
      origin,
    });
    expect(html).toContain('<h2 id="why-speed">Why speed <a class="heading-anchor" href="#why-speed"');
    expect(html).toContain('<h3 id="in-detail">');
    expect(html).toContain('<h2 id="why-speed-2">');
    expect(headings.map((heading) => heading.level)).toEqual([2, 3, 2]);
  });

  it("renders lists, links, code and tables", () => {
    const { html } = renderArticle(
      "- one\n- two\n\n[our work](/projects) and [a site](https://example.co.za)\n\n```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
      { origin },
    );
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/projects">our work</a>');
    expect(html).toContain('<a href="https://example.co.za/" rel="noopener noreferrer">a site</a>');
    expect(html).toContain("const a = 1 &lt; 2;");
    expect(html).toMatch(/<div class="article-table"><table>[\s\S]*<td>1<\/td>/);
  });

  it("never lets the body put markup or script on the page", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "Hello <b onclick=alert(1)>there</b>",
      "[click](javascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD4=)",
      "[proto](//evil.example/x)",
      "![x](https://evil.example/track.png)",
      '<iframe src="https://evil.example"></iframe>',
    ].join("\n\n");
    const { html } = renderArticle(hostile, { origin });
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/i);
    expect(html).not.toMatch(/href="(javascript|data|\/\/)/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("writes each link as where a browser takes it: another host in full, the site's own as a path", () => {
    const { html } = renderArticle(
      "[x](/\\evil.test) [y](https://agency.example/contact#form) [z](<java\tscript:alert(1)>) [m](mailto:hello@agency.example)",
      { origin },
    );
    expect(html).toContain('<a href="https://evil.test/" rel="noopener noreferrer">x</a>');
    expect(html).toContain('<a href="/contact#form">y</a>');
    expect(html).toContain(" z ");
    expect(html).toContain('<a href="mailto:hello@agency.example">m</a>');
    expect(html).not.toMatch(/href="\/\\|script:/);
  });

  it("shows only images uploaded with the article, sized and in modern formats", () => {
    const image = {
      src: "/uploads/content/0123456789abcdef-1280.webp",
      width: 1280,
      height: 720,
      sources: [{ type: "image/avif" as const, srcset: "/uploads/content/0123456789abcdef-640.avif 640w" }],
    };
    const { html } = renderArticle(`![The new dashboard](${image.src})\n\n![Other](/images/other.svg)`, {
      origin,
      bodyImages: [image],
    });
    expect(html).toContain(
      '<source type="image/avif" srcset="/uploads/content/0123456789abcdef-640.avif 640w"',
    );
    expect(html).toContain(
      '<img src="/uploads/content/0123456789abcdef-1280.webp" width="1280" height="720" alt="The new dashboard" loading="lazy"',
    );
    expect(html).not.toContain("/images/other.svg");
    expect(html).toContain("Other");
  });

  it("estimates reading time at about 200 words a minute", () => {
    expect(readingMinutes("word ".repeat(50))).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});

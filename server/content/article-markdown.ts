import { Marked, Renderer, type Tokens } from "marked";
import type { BodyImage } from "#shared/content-types.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { slugify } from "#shared/slug.ts";
import { linkTarget } from "./link-target";

/**
 * A news article's Markdown body as HTML for its page (docs/decisions/021-news-that-publishes.md).
 * Staff write it, but it is treated as untrusted all the same: raw HTML in it is shown as
 * text, links go only to web, mail or phone addresses, each written as where a browser
 * really takes it (server/content/link-target.ts), and images only to the files uploaded
 * with the article, so a post can never put script or markup on the page. Headings get ids and a link to themselves; the body's highest heading level
 * becomes h2, under the page's h1.
 */

export type RenderedArticle = { html: string; headings: Array<{ id: string; text: string; level: number }> };

/** `{#some-id}` at the end of a heading: the id a page's table of contents links to. */
const EXPLICIT_ID = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/;

export type RenderOptions = {
  /** The site's origin (its SITE_URL): links resolve against it, and those that stay on it are written as paths. */
  origin: string;
  /** The images uploaded with the article, the only ones it may show. */
  bodyImages?: readonly BodyImage[];
  /** A heading may name its id, `## Cookies {#cookies}`, so links to it survive a reworded title. */
  explicitIds?: boolean;
  /** A "#" link after each heading to itself (articles have them, the policy page does not). */
  anchors?: boolean;
  /** `words` in backticks show as a badge (the policy's "Always active"), not as code. */
  badges?: boolean;
};

export function renderArticle(
  markdown: string,
  { origin, bodyImages = [], explicitIds = false, anchors = true, badges = false }: RenderOptions,
): RenderedArticle {
  const images = new Map(bodyImages.map((image) => [image.src, image]));
  const headings: RenderedArticle["headings"] = [];
  const usedIds = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text) || "section";
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };

  const marked = new Marked({ gfm: true, async: false });
  const tokens = marked.lexer(markdown);
  let topDepth = 6;
  marked.walkTokens(tokens, (token) => {
    if (token.type === "heading") topDepth = Math.min(topDepth, (token as Tokens.Heading).depth);
  });

  marked.use({
    renderer: {
      heading({ tokens: inline, depth }) {
        const level = Math.min(depth - topDepth + 2, 6);
        const parsed = this.parser.parseInline(inline);
        const named = explicitIds ? EXPLICIT_ID.exec(parsed) : null;
        const inner = named ? parsed.slice(0, named.index) : parsed;
        const text = inner.replace(/<[^>]*>/g, "");
        const id = uniqueId(named?.[1] ?? text);
        headings.push({ id, text, level });
        const anchor = anchors
          ? ` <a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a>`
          : "";
        return `<h${level} id="${id}">${inner}${anchor}</h${level}>\n`;
      },
      html({ text }) {
        return escapeHtml(text);
      },
      codespan({ text }) {
        // marked has already escaped the code's text.
        return badges ? `<span class="badge">${text}</span>` : `<code>${text}</code>`;
      },
      link({ href, title, tokens: inline }) {
        const text = this.parser.parseInline(inline);
        const target = linkTarget(href, origin);
        if (!target) return text;
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
        const external = target.external ? ' rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(target.href)}"${titleAttribute}${external}>${text}</a>`;
      },
      image({ href, text }) {
        const image = images.get(href);
        if (!image) return escapeHtml(text);
        const sources = image.sources
          .map(
            (source) =>
              `<source type="${source.type}" srcset="${escapeHtml(source.srcset)}" sizes="(min-width: 768px) 720px, 100vw">`,
          )
          .join("");
        return `<picture>${sources}<img src="${escapeHtml(image.src)}" width="${image.width}" height="${image.height}" alt="${escapeHtml(text)}" loading="lazy" decoding="async"></picture>`;
      },
      table(token) {
        // A table wider than the column scrolls inside its own box.
        return `<div class="article-table">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
    },
  });
  return { html: marked.parser(tokens), headings };
}

/** Minutes a reader needs for the body at about 200 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / 200));
}

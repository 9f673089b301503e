import { renderArticle } from "./article-markdown";

/** The privacy policy as its page shows it: the HTML and its table of contents. */
export type RenderedPolicy = { html: string; sections: Array<{ id: string; title: string }> };

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** A heading's text as the renderer escaped it, back to plain text for the table of contents (React escapes it again). */
const unescape = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

let last: { markdown: string; origin: string; rendered: RenderedPolicy } | undefined;

/**
 * The policy's Markdown (tokens already filled) in the news bodies' safe subset: raw HTML
 * shows as text and only safe links are links, resolved against the site's `origin`. Headings keep the ids they name
 * (`{#cookies}`), so the table of contents and links from elsewhere keep working after a
 * reworded title; the `##` headings are the table of contents. The last rendering is kept,
 * so a page that did not change is not parsed again on each visit the page cache misses.
 */
export function renderPolicy(markdown: string, origin: string): RenderedPolicy {
  if (last?.markdown === markdown && last.origin === origin) return last.rendered;
  const { html, headings } = renderArticle(markdown, {
    origin,
    explicitIds: true,
    anchors: false,
    badges: true,
  });
  const sections = headings
    .filter((heading) => heading.level === 2)
    .map(({ id, text }) => ({ id, title: unescape(text) }));
  const rendered = { html, sections };
  last = { markdown, origin, rendered };
  return rendered;
}

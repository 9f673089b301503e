/**
 * Long page copy is written in Markdown under data/pages/ and rendered at build time:
 * `import html from "…/page.md"` gives the page's HTML as a string (client/markdown.d.ts),
 * which <Prose> (client/components/sections/prose.tsx) puts on the page. Nothing parses
 * Markdown in the browser or per request.
 *
 * - A heading's id is written after it, `## Cookies {#cookies}`, so a link to it survives a
 *   reworded title; without one it is the title's slug. Two headings with one id fail the build.
 * - Each `##` heading opens a <section> labelled by it, up to the next `##`, as the pages'
 *   own sections are (client/components/sections/section.tsx).
 * - Raw HTML is passed through as written. The Markdown is part of the repository, reviewed
 *   like the components beside it, never typed in by visitors or editors, so it is as
 *   trusted as JSX; pages use it for what Markdown has no syntax for (an <address>, a
 *   badge). Values that change per site, such as the e-mail address, are `{{name}}`
 *   placeholders that <Prose> fills in, escaped, at render time. An HTML comment on its own
 *   is a note for authors and is left out.
 */
import { Marked, type Token, type Tokens } from "marked";
import type { Plugin } from "vite";
import { slugify } from "#shared/slug.ts";

/** `{#some-id}` at the end of a heading's text. */
const explicitId = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/;

/** A heading's id: the `{#id}` written after it, else the slug of its text. */
function headingId(text: string): string {
  return explicitId.exec(text)?.[1] ?? slugify(text);
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, text, depth }) {
      const inner = this.parser.parseInline(tokens).replace(explicitId, "");
      return `<h${depth} id="${escapeAttribute(headingId(text))}">${inner}</h${depth}>\n`;
    },
  },
});

/** An HTML comment on its own: a note for the file's authors, not sent to visitors. */
const isComment = (token: Token) =>
  token.type === "html" && /^<!--(?:(?!-->)[\s\S])*-->$/.test(token.raw.trim());

/** Markdown to HTML, with the heading ids and sections described above; throws on a repeated id. */
export function renderMarkdown(markdown: string): string {
  const tokens = marked.lexer(markdown);

  const seen = new Set<string>();
  marked.walkTokens(tokens, (token) => {
    if (token.type !== "heading") return;
    const { text } = token as Tokens.Heading;
    const id = headingId(text);
    if (!id) throw new Error(`The heading "${text}" needs an {#id}`);
    if (seen.has(id)) throw new Error(`Two headings have the id "${id}"`);
    seen.add(id);
  });

  // Links and inline content are resolved by the lexer, so each part renders on its own.
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (isComment(token)) continue;
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) parts.push([]);
    parts.at(-1)?.push(token);
  }
  const [intro = [], ...sections] = parts;
  return [
    marked.parser(intro),
    ...sections.map((section) => {
      const id = headingId((section[0] as Tokens.Heading).text);
      return `<section aria-labelledby="${escapeAttribute(id)}">\n${marked.parser(section)}</section>\n`;
    }),
  ].join("");
}

/** The Vite plugin: a `.md` module's default export is its rendered HTML. */
export function markdown(): Plugin {
  return {
    name: "markdown-html",
    enforce: "pre",
    transform: {
      // Plain imports only: `?raw` and other queries keep Vite's own handling.
      filter: { id: /\.md$/ },
      handler(source, id) {
        try {
          return { code: `export default ${JSON.stringify(renderMarkdown(source))};\n`, map: null };
        } catch (error) {
          this.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    },
  };
}

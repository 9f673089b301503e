import { escapeHtml } from "#shared/escape-html.ts";

/** `{{name}}` in rendered Markdown. */
const placeholder = /\{\{(\w+)\}\}/g;

/**
 * Fills each `{{name}}` in `html` with `values[name]`, escaped; throws on a name without a
 * value, so a typo fails the page's tests rather than showing braces to visitors.
 */
export function fillPlaceholders(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(placeholder, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${match}`);
    return escapeHtml(value);
  });
}

/** The placeholder names `html` uses. */
export const placeholderNames = (html: string) => [...html.matchAll(placeholder)].map((match) => match[1]);

/**
 * Long copy written in Markdown (data/pages/*.md), rendered at build time
 * (scripts/lib/markdown-plugin.ts) and styled by the `prose` class (app.css). The HTML
 * is the repository's own, never visitors' or editors' input; `values` fill its
 * placeholders.
 */
export function Prose({
  html,
  values = {},
  className = "",
}: {
  html: string;
  values?: Readonly<Record<string, string>>;
  className?: string;
}) {
  return (
    <div
      className={`prose ${className}`}
      dangerouslySetInnerHTML={{ __html: fillPlaceholders(html, values) }}
    />
  );
}

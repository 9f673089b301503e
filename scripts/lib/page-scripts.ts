/**
 * The JavaScript a page starts on first load, read from its HTML: its inline scripts (the
 * site script, hydration data, React's own) and every script file it names, as a
 * modulepreload, an import, or in the list a kept page starts after its first paint or on
 * first use of a form. Scripts loaded later on demand (the toaster, form validation) are
 * named only inside other scripts. JSON blocks (structured data, speculation rules) are data.
 */
export type PageScripts = {
  /** How the page hydrates, from <html data-hydrate> (client/lib/hydration.ts). */
  hydration: "none" | "interaction" | "eager";
  inline: string[];
  urls: string[];
};

const DATA_TYPES = /\btype=["']?(application\/ld\+json|speculationrules|application\/json)/i;

export function pageScripts(html: string): PageScripts {
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes) || DATA_TYPES.test(attributes)) continue;
    inline.push(match[2] ?? "");
  }
  const urls = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""))];
  const hydrate = /<html[^>]*\sdata-hydrate="(interaction|eager)"/.exec(html)?.[1];
  return {
    hydration: (hydrate as PageScripts["hydration"] | undefined) ?? "none",
    inline,
    urls: urls.filter(Boolean),
  };
}

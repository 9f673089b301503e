import type { UIMatch } from "react-router";
import type { IslandName } from "./island";

/**
 * Whether the browser runs React on a page (docs/decisions/019-pages-without-a-framework.md).
 * - `none` (the default): the page is the server's HTML plus the site script; no framework.
 * - `interaction`: React's scripts are in the page but start only when the visitor first
 *   focuses or presses inside a form (the news page's newsletter sign-up).
 * - `eager`: they start after the first paint (the forms' pages, the carousel).
 */
export type Hydration = "none" | "interaction" | "eager";

/** A route module's `handle`: how its page hydrates, from the loader's data if it depends on it. */
export type PageHandle<Data = never> = {
  hydrate?: Hydration | ((data: Data) => Hydration);
  /**
   * The islands the page renders (docs/decisions/064-islands.md): the browser loads these
   * islands' entries, and nothing else, when `hydrate` says.
   */
  islands?: readonly IslandName[] | ((data: Data) => readonly IslandName[]);
  /**
   * What the page's largest paint is: text (the default) gets the brand font preloaded, so it
   * arrives with the stylesheet; a page led by an image leaves the bandwidth to the image
   * (client/lib/brand-font.ts).
   */
  largestPaint?: "text" | "image";
  /**
   * A staff workspace page (/admin): the root renders none of the visitor site's chrome,
   * analytics, site script or speculation rules (docs/decisions/028-staff-workspace-ui.md).
   */
  workspace?: boolean;
};

const strength: Record<Hydration, number> = { none: 0, interaction: 1, eager: 2 };

/** The strongest hydration any matched route asks for. */
export function pageHydration(matches: ReadonlyArray<Pick<UIMatch, "handle" | "data">>): Hydration {
  let result: Hydration = "none";
  for (const match of matches) {
    const wanted = (match.handle as PageHandle<unknown> | undefined)?.hydrate;
    // A loader that threw (a 404) left no data to decide by: the error page needs no React.
    const hydration =
      typeof wanted === "function" ? (match.data === undefined ? "none" : wanted(match.data)) : wanted;
    if (hydration && strength[hydration] > strength[result]) result = hydration;
  }
  return result;
}

/** The islands every matched route renders, each once, in the routes' order. */
export function pageIslands(matches: ReadonlyArray<Pick<UIMatch, "handle" | "data">>): IslandName[] {
  const islands = new Set<IslandName>();
  for (const match of matches) {
    const named = (match.handle as PageHandle<unknown> | undefined)?.islands;
    const list = typeof named === "function" ? (match.data === undefined ? [] : named(match.data)) : named;
    for (const name of list ?? []) islands.add(name);
  }
  return [...islands];
}

/** Whether the page is the staff workspace's: its own layout, none of the visitor site's. */
export function isWorkspacePage(matches: ReadonlyArray<Pick<UIMatch, "handle">>): boolean {
  return matches.some((match) => (match.handle as PageHandle<unknown> | undefined)?.workspace === true);
}

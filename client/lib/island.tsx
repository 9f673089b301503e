import { useContext, type ComponentType } from "react";
import { SiteSettingsContext, type IslandSettings } from "./site-settings-context";

/**
 * The islands of the visitor pages (docs/decisions/064-islands.md), each an entry
 * client/islands/<name>.tsx that hydrates its component and nothing else of the page.
 */
export type IslandName =
  "website-design-lead" | "web-app-lead" | "appointment" | "newsletter" | "showcase" | "load-error";

/** An island's entry and every script file it imports at once, as URLs (scripts/lib/islands-plugin.ts). */
export type IslandFiles = { entry: string; imports: readonly string[] };

/** What the server hands an island's entry, as JSON beside its root element. */
export type IslandData<Props> = { props: Props; settings: IslandSettings | undefined };

/** The attribute that marks an island's root element; its value is the island's name. */
export const ISLAND_ATTRIBUTE = "data-island";
/** The attribute of the JSON script beside it. */
export const ISLAND_DATA_ATTRIBUTE = "data-island-data";

/**
 * JSON that cannot end the script element it is inlined in, nor open a comment in it: `<`,
 * `>` and `&` are escaped, and the line separators JavaScript once read as line ends.
 * Visitors' own words reach it (a no-JavaScript post's values shown again).
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * `Component` rendered on the server as an island: inside an element of its own (laid out
 * as if it were not there), with its props beside it as JSON, so its entry can hydrate it
 * with the same props. Everything else on the page stays the server's HTML.
 */
export function island<Props extends object>(name: IslandName, Component: ComponentType<Props>) {
  function Island(props: Props) {
    const settings = useContext(SiteSettingsContext);
    const data: IslandData<Props> = { props, settings };
    return (
      <>
        <script
          type="application/json"
          {...{ [ISLAND_DATA_ATTRIBUTE]: name }}
          // Never parsed as a script; the browser hands its text to the island's entry.
          dangerouslySetInnerHTML={{ __html: inlineJson(data) }}
        />
        <div {...{ [ISLAND_ATTRIBUTE]: name }} className="contents">
          <Component {...props} />
        </div>
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

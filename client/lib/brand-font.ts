import type { UIMatch } from "react-router";
// The same hashed file app.css's @font-face names (scripts/build-font.mjs makes it).
import brandFontUrl from "#client/generated/brand-font.woff2?url";
import type { PageHandle } from "./hydration";

/**
 * The brand font is preloaded where text is the largest paint, so it comes in with the
 * stylesheet and is ready for the first paint; `font-display: optional` keeps the fallback
 * (metric-matched) for the rest of a first view when it is late, so nothing ever moves.
 * Pages led by an image do not preload it (docs/decisions/022-brand-identity.md).
 */
export function brandFontPreload(matches: ReadonlyArray<Pick<UIMatch, "handle">>): string | undefined {
  const imageLed = matches.some(
    (match) => (match.handle as PageHandle | undefined)?.largestPaint === "image",
  );
  return imageLed ? undefined : brandFontUrl;
}

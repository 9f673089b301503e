import type { ScreenshotPlaceholder, ServiceScreenshot } from "./content-types";

export type ShowcaseSlide =
  | { kind: "screenshot"; position: number; screenshot: ServiceScreenshot }
  | { kind: "placeholder"; position: number; placeholder: ScreenshotPlaceholder };

/**
 * requirements §2/§4: positions start at 1; each shows the uploaded screenshot for that
 * position if there is one, otherwise the page's placeholder for it. Uploads at
 * positions past the placeholders are shown too.
 */
export function buildShowcaseSlides(
  placeholders: readonly ScreenshotPlaceholder[],
  screenshots: readonly ServiceScreenshot[],
): ShowcaseSlide[] {
  const byPosition = new Map(screenshots.map((shot) => [shot.position, shot]));
  const count = Math.max(placeholders.length, ...screenshots.map((shot) => shot.position), 0);
  const slides: ShowcaseSlide[] = [];
  for (let position = 1; position <= count; position++) {
    const screenshot = byPosition.get(position);
    const placeholder = placeholders[(position - 1) % Math.max(placeholders.length, 1)];
    if (screenshot) slides.push({ kind: "screenshot", position, screenshot });
    else if (placeholder) slides.push({ kind: "placeholder", position, placeholder });
  }
  return slides;
}

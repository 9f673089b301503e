import { describe, expect, it } from "vitest";
import type { ScreenshotPlaceholder, ServiceScreenshot } from "./content-types";
import { buildShowcaseSlides } from "./showcase-slides";

const placeholder = (emoji: string): ScreenshotPlaceholder => ({
  gradientFrom: "#000000",
  gradientTo: "#111111",
  bgColor: "#222222",
  emoji,
});
const shot = (position: number): ServiceScreenshot => ({
  id: `s${position}`,
  position,
  image_url: `/images/s${position}.svg`,
  alt_text: `Shot ${position}`,
  service_page: "website-design",
  width: 1600,
  height: 1000,
});

describe("buildShowcaseSlides", () => {
  it("puts each uploaded screenshot at its position and placeholders elsewhere", () => {
    const slides = buildShowcaseSlides([placeholder("a"), placeholder("b"), placeholder("c")], [shot(2)]);
    expect(slides.map((s) => [s.position, s.kind])).toEqual([
      [1, "placeholder"],
      [2, "screenshot"],
      [3, "placeholder"],
    ]);
  });

  it("keeps uploads beyond the placeholders", () => {
    const slides = buildShowcaseSlides([placeholder("a")], [shot(1), shot(3)]);
    expect(slides.map((s) => [s.position, s.kind])).toEqual([
      [1, "screenshot"],
      [2, "placeholder"],
      [3, "screenshot"],
    ]);
  });

  it("returns one slide when there is one position, none when there is nothing", () => {
    expect(buildShowcaseSlides([placeholder("a")], [])).toHaveLength(1);
    expect(buildShowcaseSlides([], [])).toEqual([]);
  });
});

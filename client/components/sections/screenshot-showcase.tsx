import { screenshotPlaceholders } from "#data/service-screenshots.ts";
import type { ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import { buildShowcaseSlides } from "#shared/showcase-slides.ts";
import { island } from "#client/lib/island.tsx";
import { Section } from "./section";
import { Carousel, SlideContent } from "./screenshot-carousel";

/** The carousel runs as an island of its own: the rest of the section is the server's HTML. */
const CarouselIsland = island("showcase", Carousel);

export type ScreenshotShowcaseProps = {
  title: string;
  servicePage: ServicePage;
  screenshots: readonly ServiceScreenshot[];
};

/** Whether the page's showcase is a carousel (more than one slide), which runs as an island. */
export function showsCarousel(servicePage: ServicePage, screenshots: readonly ServiceScreenshot[]): boolean {
  return buildShowcaseSlides(screenshotPlaceholders[servicePage], screenshots).length > 1;
}

/**
 * requirements §2: the portfolio of a service page. Each position shows its uploaded
 * screenshot or else its placeholder; one slide shows as a single large image,
 * more as a looping, centred carousel.
 */
export function ScreenshotShowcase({ title, servicePage, screenshots }: ScreenshotShowcaseProps) {
  const slides = buildShowcaseSlides(screenshotPlaceholders[servicePage], screenshots);
  const [onlySlide] = slides;
  const headingId = `showcase-${servicePage}`;
  return (
    <Section id={headingId} title={title} tone="muted">
      <div className="mt-10">
        {slides.length === 1 && onlySlide ? (
          <div className="mx-auto max-w-4xl">
            <SlideContent slide={onlySlide} single />
          </div>
        ) : (
          <CarouselIsland slides={slides} label={title} />
        )}
      </div>
    </Section>
  );
}

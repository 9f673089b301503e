import { ChevronLeft, ChevronRight, type LucideIcon } from "lucide-react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import type { ShowcaseSlide } from "#shared/showcase-slides.ts";
import { useLazyCarousel } from "#client/lib/use-lazy-carousel.ts";
import { useReducedMotion } from "#client/lib/use-reduced-motion.ts";

/**
 * The service pages' screenshots as a looping, centred carousel (requirements §2), usable with the
 * arrow keys, its buttons and a swipe; the page hydrates it as an island
 * (client/islands/showcase.tsx), so its props are plain data.
 */
export function Carousel({ slides, label }: { slides: ShowcaseSlide[]; label: string }) {
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla, run] = useLazyCarousel({
    loop: true,
    align: "center",
    dragFree: false,
    duration: reducedMotion ? 1 : 25,
  });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    // A press made while the carousel loaded has already moved it.
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => run((carousel) => carousel.scrollPrev()), [run]);
  const next = useCallback(() => run((carousel) => carousel.scrollNext()), [run]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") previous();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };

  return (
    // The region takes focus so arrow keys work anywhere in the carousel (the APG
    // carousel pattern); jsx-a11y cannot tell a focusable region from a static one.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={`${label}: screenshots`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-card focus-visible:outline-2 focus-visible:outline-offset-4"
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.position}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
              className={`min-w-0 shrink-0 grow-0 basis-full pl-4 transition-opacity lg:basis-[70%] ${
                index === selected ? "opacity-100" : "lg:opacity-60"
              }`}
            >
              <SlideContent slide={slide} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <StepButton label="Previous screenshot" icon={ChevronLeft} onClick={previous} />
        <p className="min-w-16 text-center text-sm text-ink-soft" aria-live="polite">
          {selected + 1} / {slides.length}
        </p>
        <StepButton label="Next screenshot" icon={ChevronRight} onClick={next} />
      </div>
      <ul className="mt-4 flex justify-center gap-2 md:hidden" aria-label="Screenshots">
        {slides.map((slide, index) => (
          <li key={slide.position}>
            <button
              type="button"
              aria-label={`Show screenshot ${index + 1}`}
              aria-current={index === selected ? "true" : undefined}
              onClick={() => run((carousel) => carousel.scrollTo(index))}
              className={`block h-12 w-16 overflow-hidden rounded-control border-2 ${
                index === selected ? "border-brand" : "border-transparent"
              }`}
            >
              <SlideThumbnail slide={slide} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The previous and next buttons: an arrow with its name for screen readers. */
function StepButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button type="button" className="btn-secondary size-11 px-0" aria-label={label} onClick={onClick}>
      <Icon aria-hidden="true" />
    </button>
  );
}

/** Rendered widths of a slide, so the browser picks the smallest sufficient upload variant. */
const SLIDE_SIZES = "(min-width: 1024px) 800px, 100vw";
const SINGLE_SIZES = "(min-width: 896px) 896px, 100vw";

export function SlideContent({ slide, single }: { slide: ShowcaseSlide; single?: boolean }) {
  if (slide.kind === "screenshot") {
    const { screenshot } = slide;
    const image = (
      <img
        src={screenshot.image_url}
        alt={screenshot.alt_text ?? `Screenshot ${slide.position}`}
        width={screenshot.width}
        height={screenshot.height}
        // Lazy even for the first slide: the section starts below the hero, at most a strip of
        // it shows before scrolling, and the browser then fetches it after the first layout
        // instead of beside the stylesheet the first paint waits for.
        loading="lazy"
        decoding="async"
        className="aspect-[16/10] w-full rounded-card bg-surface object-cover shadow-lift"
      />
    );
    // Uploads come as AVIF and WebP at several widths; built-in SVGs need no variants.
    if (!screenshot.sources?.length) return image;
    return (
      <picture>
        {screenshot.sources.map((source) => (
          <source
            key={source.type}
            type={source.type}
            srcSet={source.srcset}
            sizes={single ? SINGLE_SIZES : SLIDE_SIZES}
          />
        ))}
        {image}
      </picture>
    );
  }
  const { placeholder } = slide;
  return (
    <div
      className="flex aspect-[16/10] w-full flex-col items-center justify-center gap-3 rounded-card text-center shadow-lift"
      style={{
        backgroundColor: placeholder.bgColor,
        backgroundImage: `linear-gradient(135deg, ${placeholder.gradientFrom}, ${placeholder.gradientTo})`,
      }}
    >
      <span className="text-5xl" aria-hidden="true">
        {placeholder.emoji}
      </span>
      <p className="rounded-control bg-surface/90 px-3 py-1 text-lg font-semibold text-ink">
        Screenshot Placeholder {slide.position}
      </p>
      <p className="rounded-control bg-surface/90 px-3 py-1 text-sm text-ink">Upload via Admin Portal</p>
    </div>
  );
}

function SlideThumbnail({ slide }: { slide: ShowcaseSlide }) {
  if (slide.kind === "screenshot") {
    return (
      <img
        src={slide.screenshot.image_url}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        className="size-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-full items-center justify-center text-xl"
      style={{
        backgroundImage: `linear-gradient(135deg, ${slide.placeholder.gradientFrom}, ${slide.placeholder.gradientTo})`,
      }}
    >
      {slide.placeholder.emoji}
    </span>
  );
}

import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The carousel loads once any of it is on screen. Not earlier: on a phone the first one sits
 * just below the fold, and loading ahead would put it back into every first visit.
 */
const LOAD_AHEAD = "0px";

/**
 * Embla on a server-rendered carousel, fetched only as the carousel nears the screen: no
 * page needs it to paint. Until it arrives the slides are plain markup showing the first one;
 * presses on its controls meanwhile start the load and are carried out, in order, when it is ready.
 *
 * Returns a ref for the viewport element, the carousel once running, and `run`, which calls
 * `action` on the carousel now or as soon as it has loaded.
 */
export function useLazyCarousel(options: EmblaOptionsType) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();
  const [wanted, setWanted] = useState(false);
  const pending = useRef<Array<(carousel: EmblaCarouselType) => void>>([]);
  // The running carousel as of now: a press between its start and the next render must reach it.
  const live = useRef<EmblaCarouselType | undefined>(undefined);
  // Embla compares options by value; a new object each render must not restart it.
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!viewport || wanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, wanted]);

  useEffect(() => {
    if (!viewport || !wanted) return;
    let stopped = false;
    let running: EmblaCarouselType | undefined;
    void import("embla-carousel").then(
      ({ default: EmblaCarousel }) => {
        if (stopped) return;
        running = EmblaCarousel(viewport, JSON.parse(optionsKey) as EmblaOptionsType);
        live.current = running;
        setCarousel(running);
        for (const action of pending.current.splice(0)) action(running);
      },
      () => {
        // Not fetched (a dropped connection): the first slide stays in view, as without JavaScript.
      },
    );
    return () => {
      stopped = true;
      running?.destroy();
      live.current = undefined;
      setCarousel(undefined);
    };
  }, [viewport, wanted, optionsKey]);

  const run = useCallback((action: (carousel: EmblaCarouselType) => void) => {
    if (live.current) return action(live.current);
    // Every press counts: "Next" twice before Embla arrives moves two slides.
    pending.current.push(action);
    setWanted(true);
  }, []);

  return [setViewport, carousel, run] as const;
}

import { trackPageView } from "#client/lib/analytics.ts";
import { countPageView } from "./count-page-view";

/**
 * requirements §1: a page view on every page load, with its path and title. Every navigation is
 * a page load, so one per document; a page restored from the back/forward cache counts
 * again, and a page prerendered on a hover counts only if the visitor goes to it. The
 * site's own count (count-page-view.ts) hears of the first showing only: a restored page
 * is the same visit to the same page. `own` is what this page's address and referrer say
 * (shared/visit-source.ts `landingSource`).
 */
export function sendPageViews(own: URLSearchParams): void {
  const send = () => trackPageView(location.pathname, document.title);
  const first = () => {
    send();
    countPageView(own);
  };
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", first, { once: true });
  } else {
    first();
  }
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send();
  });
}

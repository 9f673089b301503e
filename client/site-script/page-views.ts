import { trackPageView } from "#client/lib/analytics.ts";

/**
 * SPEC §1: a page view on every page load, with its path and title. Every navigation is
 * a page load, so one per document; a page restored from the back/forward cache counts
 * again, and a page prerendered on a hover counts only if the visitor goes to it.
 */
export function sendPageViews(): void {
  const send = () => trackPageView(window.location.pathname, document.title);
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", send, { once: true });
  } else {
    send();
  }
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) send();
  });
}

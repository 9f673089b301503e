import { deviceWidths, PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";

/**
 * The site's own count of this page view (docs/decisions/044-first-party-counting.md):
 * one beacon when the page is first shown (page-views.ts calls this then: never for a
 * prerendered page nobody went to, never again when the page comes back from the
 * back/forward cache), none when the browser says Do Not Track or Global Privacy
 * Control, none on the 404 page. No cookie, no storage: only what this page knows (its
 * path, and from `own`, what its own address and referrer say: the other site it came
 * from, its campaign, its click id's kind) and the window's width class.
 */
export function countPageView(own: URLSearchParams): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl || document.querySelector("[data-missed-path]"))
    return;
  const width = innerWidth;
  const beacon: PageViewBeacon = {
    p: location.pathname,
    d: width < deviceWidths.phone ? "phone" : width < deviceWidths.tablet ? "tablet" : "desktop",
  };
  // The beacon's keys are the letters landingSource carries the same parts under; never i, the click id.
  for (const key of "rsmck") {
    const value = own.get(key);
    if (value) beacon[key as "r"] = value;
  }
  nav.sendBeacon?.(PAGE_VIEW_ENDPOINT, JSON.stringify(beacon));
}

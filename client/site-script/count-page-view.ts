import { deviceWidths, PAGE_VIEW_ENDPOINT, type PageViewBeacon } from "#shared/page-view-beacon.ts";

/**
 * The site's own count of this page view (docs/decisions/044-first-party-counting.md):
 * one beacon when the page is first shown (page-views.ts calls this then: never for a
 * prerendered page nobody went to, never again when the page comes back from the
 * back/forward cache), none when the browser says Do Not Track or Global Privacy
 * Control, none on the 404 page. No cookie, no storage: only what this page knows (its
 * path, the other site it came from, its own URL's campaign) and the window's width class.
 */
export function countPageView(): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl || document.querySelector("[data-missed-path]"))
    return;
  const query = new URLSearchParams(location.search);
  const width = innerWidth;
  const beacon: PageViewBeacon = {
    p: location.pathname,
    d: width < deviceWidths.phone ? "phone" : width < deviceWidths.tablet ? "tablet" : "desktop",
  };
  try {
    const host = new URL(document.referrer).host;
    if (host !== location.host) beacon.r = host;
  } catch {
    // No referrer, or none a URL can be read from: a direct visit.
  }
  const set = (key: "s" | "m" | "c", value: string | null) => value && (beacon[key] = value);
  set("s", query.get("utm_source"));
  set("m", query.get("utm_medium"));
  set("c", query.get("utm_campaign"));
  const click = ["gclid", "fbclid"].find((name) => query.has(name));
  if (click) beacon.k = click;
  nav.sendBeacon?.(PAGE_VIEW_ENDPOINT, JSON.stringify(beacon));
}

/**
 * What the site script's beacon sends to the site's own counter
 * (docs/decisions/044-first-party-counting.md). Short keys: the script is inlined in
 * every page, so every byte is paid on every visit.
 */
export const PAGE_VIEW_ENDPOINT = "/api/events";

export type PageViewBeacon = {
  /** The page's path, no query string. */
  p: string;
  /** The referring site's host, only when it is another site. */
  r?: string;
  /** utm_source, utm_medium and utm_campaign of this page's URL. */
  s?: string;
  m?: string;
  c?: string;
  /** "gclid" or "fbclid" when this page's URL carries a paid click's id; never the id itself. */
  k?: string;
  /** The window's class by width. */
  d: DeviceClass;
};

export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** Window widths (CSS pixels) below which a visitor is counted as on a phone, or a tablet. */
export const deviceWidths = { phone: 640, tablet: 1024 } as const;

export const clickIdKinds = ["gclid", "fbclid"] as const;

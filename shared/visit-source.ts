/**
 * Where a visit came from, carried from the page it began on to the page whose form the
 * visitor sends, in one compact URL parameter and one hidden form field of the same name,
 * never in a cookie or storage (docs/decisions/045-lead-attribution.md). The site script
 * writes it (client/site-script/attribution.ts); the server reads it, checks every part
 * and stores what passes with the lead (server/operations/leads/visit-source.ts). Small on
 * purpose: the site script inlines it on every page.
 */

/** The URL parameter that carries the visit's source to the next page, and the hidden field that sends it. */
export const VISIT_PARAM = "visit";

/** The campaign parameters of a landing URL, and where each is kept. */
export const utmParams = {
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
} as const;

/** The paid campaigns' click ids a landing URL may carry: Google Ads' and Meta's. */
export const clickIdKinds = ["gclid", "fbclid"] as const;
export type ClickIdKind = (typeof clickIdKinds)[number];

/** Each part of a visit's source, as the browser saw it; none is checked yet. */
export type VisitSource = Partial<{
  /** The path of the page the form was sent from. */
  sourcePage: string;
  /** The path the visit began on, without its query string. */
  landingPage: string;
  /** The host of the other site that sent the visitor. */
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
  utmContent: string;
  clickIdKind: string;
  clickId: string;
}>;

/** One letter per part keeps the carried parameter short. */
const letters: Record<keyof VisitSource, string> = {
  sourcePage: "p",
  landingPage: "l",
  referrerHost: "r",
  utmSource: "s",
  utmMedium: "m",
  utmCampaign: "c",
  utmTerm: "t",
  utmContent: "n",
  clickIdKind: "k",
  clickId: "i",
};

/** Longer than any honest source (ten parts of at most a few hundred characters each). */
const MAX_ENCODED = 3000;

/** The source as base64url text: safe in a URL and a form field as it is. */
export function encodeVisitSource(source: VisitSource): string {
  const params = new URLSearchParams();
  for (const [name, letter] of Object.entries(letters)) {
    const value = source[name as keyof VisitSource];
    if (value) params.set(letter, value);
  }
  let binary = "";
  for (const byte of new TextEncoder().encode(params.toString())) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The parts of an encoded source; undefined when the text is not one (too long, not base64url, not UTF-8). */
export function decodeVisitSource(text: string): VisitSource | undefined {
  if (text.length > MAX_ENCODED || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  let params: URLSearchParams;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    params = new URLSearchParams(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  const source: VisitSource = {};
  for (const [name, letter] of Object.entries(letters)) {
    const value = params.get(letter);
    if (value) source[name as keyof VisitSource] = value;
  }
  return source;
}

/**
 * The source of a visit that begins on `url`: its path, the other site that sent the
 * visitor (none when it is this site or none), its campaign parameters and click id.
 */
export function landingSource(url: URL, referrer: string): VisitSource {
  const source: VisitSource = { landingPage: url.pathname };
  try {
    const host = referrer ? new URL(referrer).hostname : "";
    if (host && host !== url.hostname) source.referrerHost = host;
  } catch {
    // An unreadable referrer says nothing.
  }
  for (const [param, name] of Object.entries(utmParams)) {
    const value = url.searchParams.get(param);
    if (value) source[name] = value;
  }
  const kind = clickIdKinds.find((name) => url.searchParams.get(name));
  if (kind) {
    source.clickIdKind = kind;
    source.clickId = url.searchParams.get(kind) ?? "";
  }
  return source;
}

/** Splits the source field off a submitted object, so the form's schema sees only its own fields. */
export function separateVisitField(input: unknown): { fields: unknown; visit: unknown } {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { fields: input, visit: undefined };
  const { [VISIT_PARAM]: visit, ...fields } = input as Record<string, unknown>;
  return { fields, visit };
}

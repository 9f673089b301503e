/**
 * Where a visit came from, carried from the page it began on to the page whose form the
 * visitor sends, in one URL parameter and one hidden form field of the same name, never in
 * a cookie or storage (docs/decisions/045-lead-attribution.md). What is carried is a query
 * string with one letter per part (`l=%2F&s=linkedin`): the browser builds and reads it
 * with URLSearchParams alone (client/site-script/attribution.ts), and the server reads it
 * the same way, then checks every part and stores what passes with the lead
 * (server/operations/leads/visit-source.ts). Small on purpose: the site script inlines what
 * it uses of this file on every page; encoding and decoding by name are the server's and
 * the tests', and stay out of it.
 */

/** The URL parameter that carries the visit's source to the next page, and the hidden field that sends it. */
export const VISIT_PARAM = "visit";

/** The campaign parameters of a landing URL, and the letter each is carried under. */
export const utmParams = {
  utm_source: "s",
  utm_medium: "m",
  utm_campaign: "c",
  utm_term: "t",
  utm_content: "n",
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

/**
 * The letter each part is carried under: those of landingSource and utmParams. Written out,
 * not read from utmParams, so that the site script, which never uses it, leaves it out.
 */
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

/**
 * Longer than any honest source: ten parts, the longest a few hundred characters, non-Latin
 * campaign text percent-encoded at six to nine characters a letter.
 */
const MAX_CARRIED = 4000;

/** What a form's hidden field carries for `source`: a query string, one letter per part. */
export function encodeVisitSource(source: VisitSource): string {
  const params = new URLSearchParams();
  for (const [name, letter] of Object.entries(letters)) {
    const value = source[name as keyof VisitSource];
    if (value) params.set(letter, value);
  }
  return params.toString();
}

/**
 * The parts of a carried source; undefined when it is too long to be one. Reading a query
 * string never fails: what is not one holds no known letter, so no part. A part whose
 * percent-encoded bytes were not UTF-8 reads with U+FFFD in it, and is dropped.
 */
export function decodeVisitSource(text: string): VisitSource | undefined {
  if (text.length > MAX_CARRIED) return undefined;
  const params = new URLSearchParams(text);
  const source: VisitSource = {};
  for (const [name, letter] of Object.entries(letters)) {
    const value = params.get(letter);
    if (value && !value.includes("\uFFFD")) source[name as keyof VisitSource] = value;
  }
  return source;
}

/**
 * The source of a visit that begins on `url`, in the letters it is carried under: its path
 * (l), the other site that sent the visitor (r; none when it is this site or none), its
 * campaign parameters and the click id (k, its kind; i, the id). The site's own count of
 * the page view reads r, s, m, c and k from the same object.
 */
export function landingSource(url: URL, referrer: string): URLSearchParams {
  const source = new URLSearchParams({ l: url.pathname });
  try {
    const host = new URL(referrer).hostname;
    if (host && host !== url.hostname) source.set("r", host);
  } catch {
    // No referrer, or an unreadable one: a direct visit.
  }
  for (const [param, letter] of Object.entries(utmParams)) {
    const value = url.searchParams.get(param);
    if (value) source.set(letter, value);
  }
  const kind = clickIdKinds.find((name) => url.searchParams.has(name));
  if (kind) {
    source.set("k", kind);
    source.set("i", url.searchParams.get(kind) ?? "");
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

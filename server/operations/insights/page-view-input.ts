import { z } from "zod";
import { cutText, removeAngleBrackets } from "#shared/forms/sanitize.ts";
import { normaliseText, hasForbiddenCharacters } from "#shared/forms/text-hygiene.ts";
import { clickIdKinds, deviceClasses, type DeviceClass } from "#shared/page-view-beacon.ts";
import { routePatterns, machinePaths } from "#shared/paths.ts";

/** A page view as counted: every text bounded, '' for "none". */
export type PageView = {
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  clickIdKind: string;
  device: DeviceClass;
};

const PATH_MAX = 200;
const HOST_MAX = 253;
/** In UTF-16 units, as form text is cut. */
const CAMPAIGN_MAX = 100;

/** The visitor pages' route patterns as regular expressions; files for machines are never pages. */
const pagePatterns = Object.values(routePatterns)
  .filter((pattern) => !(Object.values(machinePaths) as string[]).includes(pattern))
  .map((pattern) => new RegExp(`^${pattern.replace(/:\w+/g, "[^/]{1,100}")}$`));

/** True for a path one of this site's pages answers at (a content item's id is not looked up). */
function isSitePath(path: string): boolean {
  return path.length <= PATH_MAX && /^\/[\w\-./~%]*$/.test(path) && pagePatterns.some((p) => p.test(path));
}

/** A host name as browsers give them: lower case letters, digits, dots and hyphens, maybe a port. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * A campaign value as typed in a link, cleaned like form text (requirements §5 and
 * docs/decisions/029-unicode-text-policy.md: angle brackets and invisible characters
 * out, one line, nothing a form refuses) and cut at a whole grapheme; '' when absent or
 * unusable.
 */
function campaignText(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = normaliseText(removeAngleBrackets(value), { multiline: false }).trim();
  if (!text || hasForbiddenCharacters(text) || text.includes("\n")) return "";
  return cutText(text, CAMPAIGN_MAX).trimEnd();
}

const beaconShape = z.object({
  p: z.string(),
  r: z.unknown().optional(),
  s: z.unknown().optional(),
  m: z.unknown().optional(),
  c: z.unknown().optional(),
  k: z.unknown().optional(),
  d: z.enum(deviceClasses),
});

/**
 * The beacon's body as a page view, or undefined when it is not one of this site's page
 * views (the path is no page here, the device is unknown): such a body counts nothing.
 * Unknown fields are ignored; an unusable optional field is left out, not the view.
 */
export function readPageView(body: unknown): PageView | undefined {
  const parsed = beaconShape.safeParse(body);
  if (!parsed.success || !isSitePath(parsed.data.p)) return undefined;
  const { p, r, s, m, c, k, d } = parsed.data;
  const host = typeof r === "string" ? r.toLowerCase() : "";
  return {
    path: p,
    referrerHost: host.length <= HOST_MAX && HOST.test(host) ? host : "",
    utmSource: campaignText(s),
    utmMedium: campaignText(m),
    utmCampaign: campaignText(c),
    clickIdKind: (clickIdKinds as readonly unknown[]).includes(k) ? (k as string) : "",
    device: d,
  };
}

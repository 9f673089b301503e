import type { SourceColumnName } from "#server/db/schema.ts";
import { hasForbiddenCharacters, isSingleLine, normaliseText } from "#shared/forms/text-hygiene.ts";
import { clickIdKinds, decodeVisitSource, type VisitSource } from "#shared/visit-source.ts";

/**
 * Where a submission came from, checked part by part before it is stored
 * (docs/decisions/045-lead-attribution.md). The browser says it, so none of it is trusted:
 * a part that fails its check is dropped, never the lead, since a visitor must not lose an
 * enquiry over a strange link; the rest is kept.
 */
export type SourceColumns = Record<SourceColumnName, string | null>;

/** What the request itself says: the page that sent it (Referer) and the host it was sent to. */
export type SourceRequest = { referer?: string; host?: string };

/** A path on this site: no scheme, no host, no query or fragment, nothing to escape. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const MAX_PATH = 300;
/** A DNS name or IPv4 address as URL.hostname gives it (international names in their xn-- form). */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Click ids are URL-safe tokens; Google's and Meta's stay well under this. */
const CLICK_ID = /^[A-Za-z0-9_.-]{1,300}$/;
const MAX_CAMPAIGN_TEXT = 150;

const sitePath = (value: string | undefined) =>
  value !== undefined && value.length <= MAX_PATH && SITE_PATH.test(value) ? value : null;

const host = (value: string | undefined) => {
  const lower = value?.toLowerCase();
  return lower !== undefined && HOST.test(lower) ? lower : null;
};

/** A campaign value as a single line of readable text (the forms' Unicode rules), else null. */
function campaignText(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = normaliseText(value, { multiline: false }).trim();
  if (!text || text.length > MAX_CAMPAIGN_TEXT || !isSingleLine(text) || hasForbiddenCharacters(text))
    return null;
  return text;
}

/** The path of a Referer on this site's host, if it is one. */
function refererPath({ referer, host: requestHost }: SourceRequest): string | null {
  if (!referer || !requestHost) return null;
  try {
    const url = new URL(referer);
    return url.host === requestHost ? sitePath(url.pathname) : null;
  } catch {
    return null;
  }
}

/** The submitted source field's parts, each checked; the Referer's path where the form did not say its page. */
export function readSourceColumns(field: unknown, request: SourceRequest = {}): SourceColumns {
  const source: VisitSource = (typeof field === "string" && decodeVisitSource(field)) || {};
  const kind = clickIdKinds.find((name) => name === source.clickIdKind);
  const clickId = kind && source.clickId && CLICK_ID.test(source.clickId) ? source.clickId : null;
  const referrerHost = host(source.referrerHost);
  return {
    source_page: sitePath(source.sourcePage) ?? refererPath(request),
    landing_page: sitePath(source.landingPage),
    // This site's own host is no referrer: the visit began here.
    referrer_host: referrerHost && referrerHost !== request.host?.split(":")[0] ? referrerHost : null,
    utm_source: campaignText(source.utmSource),
    utm_medium: campaignText(source.utmMedium),
    utm_campaign: campaignText(source.utmCampaign),
    utm_term: campaignText(source.utmTerm),
    utm_content: campaignText(source.utmContent),
    click_id_kind: clickId ? (kind ?? null) : null,
    click_id: clickId,
  };
}

/**
 * Where a stored lead or appointment request came from, as the workspace, the agency's
 * e-mail and `leads show|list` word it. Each field is null when the visitor's browser did
 * not say (no JavaScript, or sent before sources were kept).
 */
export type LeadSource = {
  sourcePage: string | null;
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  clickIdKind: string | null;
  clickId: string | null;
};

/** In the order records list them (JSON, CSV). */
export const leadSourceColumns = [
  "sourcePage",
  "landingPage",
  "referrerHost",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "clickIdKind",
  "clickId",
] as const satisfies readonly (keyof LeadSource)[];

/** Each field's label where one is shown per line (the lead's page, `leads show`). */
export const leadSourceLabels: Record<keyof LeadSource, string> = {
  sourcePage: "Sent from",
  landingPage: "Landing page",
  referrerHost: "Referred by",
  utmSource: "Campaign source",
  utmMedium: "Campaign medium",
  utmCampaign: "Campaign name",
  utmTerm: "Campaign term",
  utmContent: "Campaign content",
  clickIdKind: "Paid click",
  clickId: "Click id",
};

/** How campaign tools spell the places people most often come from, for the sentence. */
const knownSources: Record<string, string> = {
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
  google: "Google",
  bing: "Bing",
  youtube: "YouTube",
  tiktok: "TikTok",
  twitter: "Twitter",
  x: "X",
  whatsapp: "WhatsApp",
  newsletter: "Newsletter",
};

/** Whose advertising a click id comes from. */
export const clickIdOwners: Record<string, string> = { gclid: "Google Ads", fbclid: "Meta ads" };

/** Each part recorded, labelled, in column order (a part not recorded is left out); a paid click named by whose it is. */
export function listRecordedSourceParts(
  source: LeadSource,
): Array<{ name: keyof LeadSource; label: string; value: string }> {
  return leadSourceColumns.flatMap((name) => {
    const value = source[name];
    if (value === null) return [];
    const shown = name === "clickIdKind" ? (clickIdOwners[value] ?? value) : value;
    return [{ name, label: leadSourceLabels[name], value: shown }];
  });
}

/** Where the visit came from in a few words: the campaign, else the paid click, else the referring site. */
export function leadOrigin(source: LeadSource): string | null {
  const campaign = [
    source.utmSource ? (knownSources[source.utmSource.toLowerCase()] ?? source.utmSource) : null,
    source.utmMedium,
    source.utmCampaign,
  ].filter((part) => part);
  const click = source.clickIdKind ? clickIdOwners[source.clickIdKind] : undefined;
  if (campaign.length > 0) return campaign.join(" / ") + (click ? ` (${click} click)` : "");
  if (click) return `${click} click`;
  if (source.referrerHost) return source.referrerHost;
  return source.landingPage ? "Direct" : null;
}

/**
 * One sentence: "LinkedIn / paid / november-launch, landed on /website-design" (and
 * ", sent from /book-appointment" when the form was on another page); null when nothing
 * was recorded.
 */
export function describeLeadSource(source: LeadSource): string | null {
  const origin = leadOrigin(source);
  const landed = source.landingPage ? `landed on ${source.landingPage}` : null;
  const sentFrom =
    source.sourcePage && source.sourcePage !== source.landingPage ? `sent from ${source.sourcePage}` : null;
  if (!origin) return sentFrom ? `Where the visit began is not known; ${sentFrom}` : null;
  return [origin, landed, sentFrom].filter((part) => part).join(", ");
}

import { formatPostalAddress, type SiteSettings } from "./site-settings";

/**
 * Where a meeting is: at the agency's studio (its street address in the site settings) or
 * on a video call (an https link). Stored as the word "studio" or the link, in the site
 * settings (the default) and per meeting (docs/decisions/062-visitor-manages-booking.md).
 */

export const STUDIO_PLACE = "studio";

/** What staff type for a meeting to go back to the site's default place. */
export const DEFAULT_PLACE = "default";

export type MeetingPlace = {
  kind: "studio" | "video";
  /** For people: "At our studio: 80 Bree Street, Cape Town, 8001, South Africa" or "Video call: https://…". */
  label: string;
  /** The calendar's LOCATION: the address, or the link. */
  location: string;
  /** The video call's link. */
  link?: string;
};

/**
 * The stored value checked: "studio" (any case) or an https link without a user name or
 * password, at most 300 characters. Answers the value to store, or a sentence saying what is wrong.
 */
export function checkMeetingPlace(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (value.toLowerCase() === STUDIO_PLACE) return { ok: true, value: STUDIO_PLACE };
  const wrong = {
    ok: false as const,
    message: `A meeting place is “${STUDIO_PLACE}” or an https link to a video call, e.g. https://meet.google.com/abc-defg-hij.`,
  };
  if (value.length > 300 || /\s/.test(value)) return wrong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return wrong;
  }
  if (url.protocol !== "https:" || url.username || url.password || !url.hostname.includes(".")) return wrong;
  return { ok: true, value: url.href };
}

/** A stored place (the meeting's own, else the default) for people and calendars. */
export function describeMeetingPlace(place: string, address: SiteSettings["address"]): MeetingPlace {
  if (place === STUDIO_PLACE || !/^https:\/\//.test(place)) {
    const where = formatPostalAddress(address);
    return { kind: "studio", label: `At our studio: ${where}`, location: where };
  }
  return { kind: "video", label: `Video call: ${place}`, location: place, link: place };
}

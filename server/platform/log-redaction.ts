/**
 * What of a request's URL the access log may keep. Links that carry a credential (an
 * old-style invitation link, a newsletter token, a one-click unsubscribe, a preview link, a
 * staff calendar feed)
 * would otherwise put it in every log that sees the request line
 * (docs/decisions/030-secrets-out-of-logs-and-one-path-per-page.md, 050-stored-preview-links.md),
 * a visitor's appointment page (062-visitor-manages-booking.md).
 */

const REDACTED = "[redacted]";

/** Query parameters whose value is a credential, whatever the path; valid or not, a guess is one too. */
const SECRET_PARAMETERS = new Set([
  "token",
  "code",
  "key",
  "secret",
  "password",
  "signature",
  "otp",
  "preview",
]);

/** An old-style invitation link: the whole segment after it is the token. */
const INVITATION_PATH = /^(\/admin\/invitation\/)[^/?#]+/i;
/**
 * A staff calendar feed (docs/decisions/063-staff-calendar-feeds.md): all after the first
 * segment is the token and ".ics". Read as the router reads it (escapes of unreserved
 * characters decoded, `\` as `/`, repeated slashes), so `/%63alendar/…` is one too.
 */
const CALENDAR_FEED_PATH = /^[/\\]+calendar[/\\]/i;
const UNRESERVED_ESCAPE = /%([0-9A-Fa-f]{2})/g;

function isCalendarFeedPath(path: string): boolean {
  const decoded = path.replace(UNRESERVED_ESCAPE, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9._~-]$/.test(character) ? character : escape;
  });
  return CALENDAR_FEED_PATH.test(decoded);
}
/** A visitor's appointment page: everything after the prefix is (or could be) their private token. */
const APPOINTMENT_MANAGE_PATH = /^(\/appointment\/manage\/).+/is;

/** Long enough to be a random token; a slug (lower-case words and hyphens) is not one. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function redactSegment(segment: string): string {
  return TOKEN_LIKE.test(segment) && !SLUG.test(segment) ? REDACTED : segment;
}

function redactPath(path: string): string {
  if (isCalendarFeedPath(path)) return `/calendar/${REDACTED}`;
  const manage = APPOINTMENT_MANAGE_PATH.exec(path);
  if (manage) return `${manage[1]}${REDACTED}`;
  const invitation = INVITATION_PATH.exec(path);
  if (invitation) return `${invitation[1]}${REDACTED}${path.slice(invitation[0].length)}`;
  // Only the workspace's paths: the visitor site's are page addresses and slugs.
  if (!/^\/admin(?:\/|$)/i.test(path)) return path;
  return path.split("/").map(redactSegment).join("/");
}

function parameterName(pair: string): string {
  const name = pair.split("=")[0] ?? "";
  try {
    return decodeURIComponent(name.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => (SECRET_PARAMETERS.has(parameterName(pair)) ? `${pair.split("=")[0]}=${REDACTED}` : pair))
    .join("&");
}

/** A request URL (path and query) with every credential in it replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return redactPath(url);
  return `${redactPath(url.slice(0, queryAt))}?${redactQuery(url.slice(queryAt + 1))}`;
}

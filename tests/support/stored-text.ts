/**
 * The rules for stored text, written out on their own as the oracle the property and
 * fuzz tests hold stored values to: deliberately not the schemas' code, so a rule the
 * schemas drop is caught.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufdd0-\ufdef\ufffe\uffff\r\u2028\u2029<>]|\p{Cs}/u;

/** True when `value` holds nothing a stored field may not: see shared/forms/text-hygiene.ts. */
export function isCleanStoredText(value: string, options: { multiline: boolean }): boolean {
  return (
    !FORBIDDEN.test(value) &&
    value === value.trim() &&
    value.length <= 1000 &&
    (options.multiline || !/[\n\t]/.test(value))
  );
}

/** One practical mailbox: exactly one @, no lists, quoting, spaces, controls or doubled dots. */
export function isPracticalMailbox(value: string): boolean {
  const parts = value.split("@");
  return (
    parts.length === 2 &&
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    !/[\s,;"<>()[\]\\:\u0000-\u001f\u007f-\u009f]|\.\.|^\.|\.@|@\./u.test(value) &&
    /\.[^.]{2,}$/u.test(parts[1] ?? "") &&
    value.length <= 254
  );
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all, nothing else. */
export function isE164PhoneNumber(value: string): boolean {
  return /^\+[1-9][0-9]{6,14}$/.test(value);
}

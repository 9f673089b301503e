/**
 * The rules for stored text, written out on their own as the oracle the property and
 * fuzz tests hold stored values to: deliberately not the schemas' code, so a rule the
 * schemas drop is caught.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\r\u2028\u2029<>]|\p{Cs}/u;

/**
 * What may never be stored, whatever surrounds it: noncharacters of every plane, and the
 * invisible code points (Unicode's default-ignorables and the blank fillers it does not
 * mark so) once the few that are kept where they do their work are taken out.
 */
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800\uFFF9-\uFFFB]/u;

/** Decision 029's kept joiners and selectors, each with what must stand beside it. */
const KEPT_IN_CONTEXT = [
  // A joiner inside an emoji sequence: 👩🏽‍💻, 🏳️‍🌈.
  /(\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu,
  // A joiner or non-joiner after a letter or mark of a script whose spelling uses them.
  /([\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}\p{scx=Khmer}](?<=[\p{L}\p{M}]))[\u200C\u200D]/gu,
  // Emoji presentation selectors after an emoji character (❤️, 1️⃣).
  /(\p{Emoji})[\uFE0E\uFE0F]/gu,
  // Other variation selectors after a Han character (ideographic variants).
  /(\p{scx=Han})[\uFE00-\uFE0D\u{E0100}-\u{E01EF}]/gu,
  // Mongolian free variation selectors after a Mongolian letter.
  /(\p{scx=Mongolian})[\u180B-\u180D\u180F]/gu,
  // An emoji tag sequence: the black flag, a subdivision's code in tag letters, cancel tag (🏴󠁧󠁢󠁷󠁬󠁳󠁿).
  /(\u{1F3F4})[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}/gu,
];

/** The invisible code points `value` holds where decision 029 keeps none, each written as "U+" and its hex digits. */
export function misplacedInvisibles(value: string): string[] {
  const rest = KEPT_IN_CONTEXT.reduce((text, pattern) => text.replace(pattern, "$1"), value);
  return [...rest]
    .filter((char) => INVISIBLE.test(char) || NONCHARACTER.test(char))
    .map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** True when `value` holds nothing a stored field may not: see shared/forms/text-hygiene.ts. */
export function isCleanStoredText(value: string, options: { multiline: boolean }): boolean {
  return (
    !FORBIDDEN.test(value) &&
    misplacedInvisibles(value).length === 0 &&
    value === value.trim() &&
    value.length <= 1000 &&
    (options.multiline || !/[\n\t]/.test(value))
  );
}

/**
 * One practical mailbox: exactly one @, no lists, quoting, spaces, controls, doubled
 * dots, invisible code points or combining marks on Latin, Greek or Cyrillic letters.
 */
export function isPracticalMailbox(value: string): boolean {
  const parts = value.split("@");
  return (
    parts.length === 2 &&
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    !/[\s,;"<>()[\]\\:\u0000-\u001f\u007f-\u009f]|\.\.|^\.|\.@|@\./u.test(value) &&
    !INVISIBLE.test(value) &&
    !NONCHARACTER.test(value) &&
    !/[\p{scx=Latin}\p{scx=Greek}\p{scx=Cyrillic}\p{scx=Common}]\p{M}/u.test(value) &&
    /\.[^.]{2,}$/u.test(parts[1] ?? "") &&
    value.length <= 254
  );
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all, nothing else. */
export function isE164PhoneNumber(value: string): boolean {
  return /^\+[1-9][0-9]{6,14}$/.test(value);
}

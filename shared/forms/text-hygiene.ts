import { removeInvisibleCharacters } from "./invisible-characters";

/**
 * What a submitted text may contain, beyond requirements §5's cleaning, by Unicode property
 * rather than by hand-picked ranges (docs/decisions/029-unicode-text-policy.md). Stored
 * leads are read in terminals, spreadsheets and mail clients, where control bytes,
 * direction overrides, invisible characters and line breaks in the wrong field mislead
 * or break things.
 *
 * - Invisible code points, which arrive innocently by copy and paste, are removed without
 *   a word: every default-ignorable code point (zero-width spaces, joiners, direction
 *   marks, soft hyphen, byte-order mark, word joiner, invisible operators, the deprecated
 *   format characters U+206A-206F, tag characters, variation selectors, U+034F COMBINING
 *   GRAPHEME JOINER, musical formatting U+1D173-1D17A, the Hangul fillers U+115F, U+1160,
 *   U+3164 and U+FFA0) and the blanks Unicode does not mark so, U+2800 BRAILLE PATTERN
 *   BLANK and the interlinear annotation characters U+FFF9-FFFB. The visitor cannot see
 *   them, so could not act on a message about them; a required field of nothing else is
 *   then empty and gets its "is required" message.
 * - Kept where they do their work (invisible-characters.ts): U+200C and U+200D after a
 *   letter of a script that spells with them (Persian, Hindi and their neighbours), U+200D
 *   inside an emoji sequence (👩🏽‍💻), a variation selector after the character it
 *   varies (❤️), the tag characters of a subdivision flag (🏴󠁧󠁢󠁷󠁬󠁳󠁿).
 * - Control characters (C0, DEL, C1), direction overrides and isolates, unpaired
 *   surrogates and noncharacters of every plane are refused with a message: no keyboard
 *   types them, so they come from a broken client or an attack.
 * - A single-line field holds one line (a tab becomes a space); a multi-line field keeps
 *   its line breaks and tabs, with every line break stored as "\n".
 */

/** C0 controls but tab and line feed (carriage returns are normalised away first), DEL, C1. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Embeddings, overrides and isolates: they reorder how the text around them displays. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Lone halves of a surrogate pair, and the 66 code points Unicode promises never to assign. */
const BROKEN_OR_NONCHARACTER = /[\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Every way a line can end, including the Unicode separators. */
const LINE_BREAK = /\r\n|[\r\u2028\u2029]/g;

export const textMessages = {
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  singleLine: (label: string) => `${label} must be a single line`,
} as const;

/**
 * Removes invisible code points, normalises to NFC and makes every line break "\n". NFC
 * comes first too, so that what is kept is judged beside the characters that will be
 * stored (NFC splits a few letters into letter and mark: "क़" U+0958), and last, for the
 * letters and marks a removal brought together.
 */
export function normaliseText(value: string, options: { multiline: boolean }): string {
  const visible = removeInvisibleCharacters(value.normalize("NFC"));
  const text = visible.normalize("NFC").replace(LINE_BREAK, "\n");
  return options.multiline ? text : text.replace(/\t/g, " ");
}

/** True when the text holds a character no form field may store (after normaliseText). */
export function hasForbiddenCharacters(value: string): boolean {
  return CONTROL.test(value) || BIDI_CONTROL.test(value) || BROKEN_OR_NONCHARACTER.test(value);
}

export function isSingleLine(value: string): boolean {
  return !value.includes("\n") && !value.includes("\t");
}

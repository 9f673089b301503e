/**
 * What a submitted text may contain, beyond SPEC §5's cleaning. Stored leads are read in
 * terminals, spreadsheets and mail clients, where control bytes, direction overrides and
 * line breaks in the wrong field mislead or break things.
 *
 * - Invisible formatting that arrives innocently by copy and paste (zero-width spaces and
 *   joiners, direction marks, soft hyphens, byte-order marks) is removed without a word:
 *   the visitor cannot see it, so could not act on a message about it.
 * - Control characters (C0, DEL, C1), direction overrides and isolates, unpaired
 *   surrogates and non-characters are refused with a message: no keyboard types them.
 * - A single-line field holds one line (a tab becomes a space); a multi-line field keeps
 *   its line breaks and tabs, with every line break stored as "\n".
 */

/** Zero-width characters, direction marks, soft hyphen, word joiner and friends, BOM. */
const INVISIBLE_FORMATTING = /[\u00AD\u061C\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/;
// String#replace restarts a global pattern from the beginning, so one instance serves every call.
const ALL_INVISIBLE_FORMATTING = new RegExp(INVISIBLE_FORMATTING.source, "g");

/** C0 controls but tab and line feed (carriage returns are normalised away first), DEL, C1. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Embeddings, overrides and isolates: they reorder how the text around them displays. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Lone halves of a surrogate pair, and the code points Unicode promises never to assign. */
const BROKEN_OR_NONCHARACTER = /[\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]/u;

/** Every way a line can end, including the Unicode separators. */
const LINE_BREAK = /\r\n|[\r\u2028\u2029]/g;

export const textMessages = {
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  singleLine: (label: string) => `${label} must be a single line`,
} as const;

/** Removes invisible formatting, normalises to NFC and makes every line break "\n". */
export function normaliseText(value: string, options: { multiline: boolean }): string {
  const text = value.replace(ALL_INVISIBLE_FORMATTING, "").normalize("NFC").replace(LINE_BREAK, "\n");
  return options.multiline ? text : text.replace(/\t/g, " ");
}

/** True when the text holds a character no form field may store (after normaliseText). */
export function hasForbiddenCharacters(value: string): boolean {
  return CONTROL.test(value) || BIDI_CONTROL.test(value) || BROKEN_OR_NONCHARACTER.test(value);
}

export function isSingleLine(value: string): boolean {
  return !value.includes("\n") && !value.includes("\t");
}

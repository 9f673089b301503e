/**
 * Invisible code points, by Unicode property rather than by hand-picked ranges, and the
 * few places where one does real work and is kept (docs/decisions/029-unicode-text-policy.md).
 * Only `u`-flag patterns without lookbehind: the same code runs in every browser the site
 * supports.
 */

/**
 * Unicode's default-ignorable code points (zero-width characters, joiners, direction
 * marks, soft hyphen, Hangul fillers, tag characters, variation selectors, musical
 * formatting, the grapheme joiner...) and the blank or hiding characters it does not
 * mark so: U+2800 BRAILLE PATTERN BLANK and U+FFF9-FFFB, interlinear annotation.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800\uFFF9-\uFFFB]/u;

/** Embeddings, overrides and isolates: default-ignorable too, but refused, not removed (text-hygiene.ts). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Scripts whose spelling uses U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER
 * after a letter: the cursive ones, where they choose a letter's joined or final form
 * (Persian "می‌خواهم", "نسرین‌"), and the Brahmic ones, where after a virama they choose
 * between a conjunct, a half form and a visible virama (Hindi, Bengali, Malayalam, Sinhala...).
 */
const JOINING_SCRIPT_LETTER =
  /^[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}\p{scx=Khmer}]$/u;
const MARK = /^\p{M}$/u;
const LETTER = /^\p{L}$/u;
const HAN = /^\p{scx=Han}$/u;
const MONGOLIAN_LETTER = /^(?=\p{L})\p{scx=Mongolian}$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** What may stand between an emoji and the joiner after it: a skin tone, or the emoji presentation selector. */
const EMOJI_TRAILER = /^[\p{Emoji_Modifier}\uFE0F]$/u;
/** Characters with an emoji form (pictographs, but also digits, "#" and "*" of keycaps). */
const EMOJI = /^\p{Emoji}$/u;
/** A subdivision flag: black flag, the subdivision's code in tag letters and digits, cancel tag. */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6}\u{E007F}/gu;

const ZWNJ = "\u200C";
const ZWJ = "\u200D";

/** True for a joiner between two pieces of one emoji (👩🏽‍💻, 🏳️‍🌈), given what is kept before it and what follows. */
function joinsEmoji(kept: readonly string[], next: string): boolean {
  if (!PICTOGRAPH.test(next)) return false;
  const before = kept.at(-1) ?? "";
  const base = EMOJI_TRAILER.test(before) ? (kept.at(-2) ?? "") : before;
  return PICTOGRAPH.test(base);
}

/**
 * True when what is kept ends in a letter of a script that spells with joiners, with any
 * marks on it (a virama, a vowel sign). The letter decides, not its marks: many marks
 * belong to several scripts (U+0308 to Latin and Syriac alike).
 */
function isInJoiningScript(kept: readonly string[]): boolean {
  for (let index = kept.length - 1; index >= 0; index--) {
    const char = kept[index] ?? "";
    if (MARK.test(char)) continue;
    return LETTER.test(char) && JOINING_SCRIPT_LETTER.test(char);
  }
  return false;
}

/**
 * True when the invisible `char` does its work where it stands and is kept (decision
 * 029), judged by the character kept before it, so one that only followed something
 * removed is removed too, and by the character that follows it.
 */
function isKeptInPlace(char: string, kept: readonly string[], next: string): boolean {
  const before = kept.at(-1) ?? "";
  if (char === ZWNJ || char === ZWJ) {
    return isInJoiningScript(kept) || (char === ZWJ && joinsEmoji(kept, next));
  }
  const point = char.codePointAt(0) ?? 0;
  // Text or emoji presentation of the character before: ❤️, 1️⃣.
  if (point === 0xfe0e || point === 0xfe0f) return EMOJI.test(before);
  // Ideographic variation sequences: a Han character's registered variant glyph, as
  // Japanese and Chinese names need (葛󠄀飾).
  if ((point >= 0xfe00 && point <= 0xfe0d) || (point >= 0xe0100 && point <= 0xe01ef)) return HAN.test(before);
  // Mongolian free variation selectors choose a letter's form, as the joiners do.
  if ((point >= 0x180b && point <= 0x180d) || point === 0x180f) return MONGOLIAN_LETTER.test(before);
  return false;
}

/** The UTF-16 offsets of tag characters inside well-formed emoji tag sequences (🏴󠁧󠁢󠁷󠁬󠁳󠁿). */
function emojiTagOffsets(text: string): Set<number> {
  const offsets = new Set<number>();
  for (const match of text.matchAll(EMOJI_TAG_SEQUENCE)) {
    // The flag is two UTF-16 units, then every tag character two more.
    for (let offset = match.index + 2; offset < match.index + match[0].length; offset += 2)
      offsets.add(offset);
  }
  return offsets;
}

/**
 * Removes every invisible code point but those that do their work where they stand
 * (joiners in emoji and in the scripts that spell with them, variation selectors after
 * what they vary, emoji tag sequences) and the direction controls, which are refused.
 */
export function removeInvisibleCharacters(text: string): string {
  if (!INVISIBLE.test(text)) return text;
  const tags = emojiTagOffsets(text);
  const kept: string[] = [];
  let offset = 0;
  for (const char of text) {
    const next = String.fromCodePoint(text.codePointAt(offset + char.length) ?? 0);
    const keep =
      !INVISIBLE.test(char) || BIDI_CONTROL.test(char) || tags.has(offset) || isKeptInPlace(char, kept, next);
    if (keep) kept.push(char);
    offset += char.length;
  }
  return kept.join("");
}

/** True when the text holds any invisible code point, kept ones included (e-mail addresses hold none). */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

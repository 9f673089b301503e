/** requirements §5 / §9: submitted text is cut to this many characters. */
export const TEXT_MAX_LENGTH = 1000;

export function removeAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}

// Made on first use: a page that never cuts a long text does not pay for it.
let graphemes: Intl.Segmenter | undefined;

/**
 * Where a cut to `max` UTF-16 units ends without splitting a grapheme (an emoji sequence,
 * a letter and its marks), or undefined where the browser has no Intl.Segmenter or the
 * first grapheme alone is longer than `max`.
 */
function graphemeCutEnd(value: string, max: number): number | undefined {
  if (typeof Intl.Segmenter !== "function") return undefined;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let end = 0;
  for (const { index, segment } of graphemes.segment(value)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return end > 0 ? end : undefined;
}

/**
 * Cuts to `max` UTF-16 units at the end of a grapheme where it can, so that an emoji
 * sequence or a letter with its marks is kept whole or left out whole; never leaves half
 * of a surrogate pair at the end.
 */
export function cutText(value: string, max = TEXT_MAX_LENGTH): string {
  if (value.length <= max) return value;
  const end = graphemeCutEnd(value, max);
  if (end !== undefined) return value.slice(0, end);
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Cuts to 1000 characters, then trims what the cut left at the end (a cut before a space). */
export function cutAndTrim(value: string): string {
  return cutText(value).trimEnd();
}

/** requirements §5 global text cleaning: angle brackets removed, trimmed, cut to 1000 characters, trimmed again. */
export function cleanText(value: string): string {
  return cutAndTrim(removeAngleBrackets(value).trim());
}

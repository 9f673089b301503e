/** SPEC §5 / §9: submitted text is cut to this many characters. */
export const TEXT_MAX_LENGTH = 1000;

export function removeAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}

/** Cuts to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
export function cutText(value: string, max = TEXT_MAX_LENGTH): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** SPEC §5 global text cleaning: angle brackets removed, trimmed, cut to 1000 characters. */
export function cleanText(value: string): string {
  return cutText(removeAngleBrackets(value).trim());
}

import { hasForbiddenCharacters, isSingleLine, normaliseText } from "./forms/text-hygiene";
import { slugify } from "./slug";

/**
 * News categories as a list (docs/decisions/043-news-form-and-categories.md): what makes
 * two names one category, a name's page address, and the checks a new or renamed name
 * passes. Shared so the workspace's form says the same as the server.
 */

export const NEWS_CATEGORY_MAX_LENGTH = 60;

/** One category as the workspace and `content categories list --json` show it. */
export type NewsCategorySummary = {
  name: string;
  /** Its page: /news/category/<slug>. */
  slug: string;
  /** News posts filed under it, drafts included. */
  posts: number;
};

/** Names that differ only in case are one category: "Web Development", "web development". */
export function newsCategoryKey(name: string): string {
  return name.toLowerCase();
}

/**
 * A category name as typed, cleaned as every text input is (invisible formatting out,
 * NFC), or why it cannot be one: a name in any script is kept as typed, but it needs a
 * letter or digit its address can be made of.
 */
export function readNewsCategoryName(
  raw: string,
): { ok: true; name: string } | { ok: false; message: string } {
  const name = normaliseText(raw, { multiline: false }).trim();
  if (name === "") return { ok: false, message: "The category name is required." };
  if (!isSingleLine(name) || hasForbiddenCharacters(name))
    return { ok: false, message: "The category name contains characters that are not allowed." };
  if (name.length > NEWS_CATEGORY_MAX_LENGTH)
    return {
      ok: false,
      message: `The category name must be at most ${NEWS_CATEGORY_MAX_LENGTH} characters.`,
    };
  if (slugify(name) === "")
    return {
      ok: false,
      message: "The category name needs a letter or digit from A to Z or 0 to 9 for its page's address.",
    };
  return { ok: true, name };
}

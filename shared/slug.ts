/**
 * Text as a lower-case slug, the form of every id in a URL: "Wine Estate & Cellar Door"
 * → "wine-estate-cellar-door". Accents are dropped, anything else that is not a
 * letter or digit becomes one hyphen; at most 80 characters.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

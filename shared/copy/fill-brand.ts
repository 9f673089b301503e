/** `{brand}` in page copy stands for the brand name in the site settings. */
const BRAND = /\{brand\}/g;

/** The copy (a text, a list or a group of them) with each `{brand}` replaced by `brandName`. */
export function fillBrand<T>(value: T, brandName: string): T {
  if (typeof value === "string") return value.replace(BRAND, brandName) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillBrand(item, brandName)) as T;
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillBrand(item, brandName)]),
    ) as T;
  return value;
}

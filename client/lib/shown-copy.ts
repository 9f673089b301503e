import { useMemo } from "react";
import { fillBrand } from "#shared/copy/fill-brand.ts";
import { useSiteSettings } from "./root-data";

/**
 * The copy a page that hydrates shows: what its loader sent when staff changed it, else the
 * shipped copy the route imports, `{brand}` filled from the root loader's settings as the
 * server fills it, so the server render and the hydration match.
 */
export function useShownCopy<T>(sent: T | undefined, shipped: T): T {
  const { brandName } = useSiteSettings();
  return useMemo(() => sent ?? fillBrand(shipped, brandName), [sent, shipped, brandName]);
}

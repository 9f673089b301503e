import type { AppLoadContext } from "react-router";
import type { ServicePage, ServiceScreenshot } from "../../shared/content-types";

/** SPEC §4: a screenshot loading failure is only logged; the placeholders show instead. */
export async function loadScreenshots(
  context: AppLoadContext,
  page: ServicePage,
): Promise<ServiceScreenshot[]> {
  try {
    return await context.content.listServiceScreenshots(page);
  } catch (error) {
    console.error(`Failed to load ${page} screenshots`, error);
    return [];
  }
}

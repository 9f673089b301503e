import type { AppLoadContext } from "react-router";
import type { ServicePage, ServiceScreenshot } from "../../shared/content-types";
import { describeForLog } from "../../shared/error-catalogue";

/** SPEC §4: a screenshot loading failure is only logged; the placeholders show instead. */
export async function loadScreenshots(
  context: AppLoadContext,
  page: ServicePage,
): Promise<ServiceScreenshot[]> {
  try {
    return await context.content.listServiceScreenshots(page);
  } catch (error) {
    context.logger.error(
      { error: describeForLog(`load ${page} screenshots`, error) },
      "content failed to load",
    );
    return [];
  }
}

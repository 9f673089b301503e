import type { AppLoadContext } from "react-router";
import type { ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import { describeForLog } from "#shared/error-catalogue.ts";

/**
 * Reads content for a loader. A failure is logged (redacted, with the request's id) and
 * the page gets `fallback` plus `failed`, to show its error state (requirements §4, §8).
 */
export async function loadContent<T>(
  context: AppLoadContext,
  what: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await load(), failed: false };
  } catch (error) {
    context.logger.error({ error: describeForLog(`load ${what}`, error) }, "content failed to load");
    context.onDegraded?.();
    return { value: fallback, failed: true };
  }
}

/** requirements §4: a screenshot loading failure is only logged; the placeholders show instead. */
export async function loadScreenshots(
  context: AppLoadContext,
  page: ServicePage,
): Promise<ServiceScreenshot[]> {
  const { value } = await loadContent(
    context,
    `${page} screenshots`,
    () => context.content.listServiceScreenshots(page),
    [],
  );
  return value;
}

/** A service page's data: its screenshots and a token for its lead form. */
export async function loadServicePage(context: AppLoadContext, page: ServicePage) {
  return { screenshots: await loadScreenshots(context, page), formToken: context.formTokens.issue() };
}

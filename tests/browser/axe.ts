import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until nothing on the page is part-way through a transition: a link's
 * `transition-colors` after a colour-scheme switch, a toast fading in or out. Axe reads
 * computed colours, and halfway between two states is neither. Two frames are let pass
 * before each look, so a transition a state change has just asked for has started.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    // Bounded: a page that keeps starting transitions is checked as it then stands.
    for (let look = 0; look < 10; look++) {
      await frame();
      await frame();
      const moving = document
        .getAnimations()
        // A spinner that never ends would never settle; only finite ones are waited for.
        .filter(
          (a) =>
            (a.playState === "running" || a.pending) && a.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (moving.length === 0) return;
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

function analyze(page: Page) {
  return new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
}

/**
 * Fails on any WCAG 2.2 AA or axe best-practice violation on the page as it stands, naming each.
 * A toast that times out while axe reads the page fades under its reading; so a finding is
 * looked at once more after the page has settled again, and only what is still there counts.
 * A real violation is there both times.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  let results = await analyze(page);
  if (results.violations.length > 0) {
    await settle(page);
    results = await analyze(page);
  }
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

import { vi } from "vitest";

/**
 * Resolves once `check` holds, polling with the test runner's own wait helper; fails
 * with "timed out waiting for <what>".
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

/**
 * Counts requests per client address in a fixed window that starts with each address's
 * first request, in memory: the page-view beacon's limit, checked on every beacon, so it
 * allocates only for an address new in its window and never waits on a promise. Entries
 * whose window is over are swept once a window, so the map holds at most the addresses of
 * the last two windows.
 */
export type ViewLimiter = {
  /** True while the address is within its allowance; counts this request. */
  admit(address: string): boolean;
};

export function createViewLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): ViewLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = now() + options.windowMs;

  function sweep(at: number): void {
    for (const [address, window] of windows) if (window.endsAt <= at) windows.delete(address);
    nextSweep = at + options.windowMs;
  }

  return {
    admit(address) {
      const at = now();
      if (at >= nextSweep) sweep(at);
      const window = windows.get(address);
      if (!window || window.endsAt <= at) {
        windows.set(address, { count: 1, endsAt: at + options.windowMs });
        return true;
      }
      window.count += 1;
      return window.count <= options.limit;
    },
  };
}

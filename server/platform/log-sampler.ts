/**
 * Bounds how many lines a flood of alike requests writes: per key (a status code), the
 * first `perWindow` in each window are logged, the rest counted, and the count is
 * reported in one line when the key is next seen in a later window. A flood of 429s or
 * of bad URLs then costs a few dozen lines a minute, however large it is.
 */
export type LogSampler = {
  /** Whether to log this occurrence of `key`; `report` gets the count left out of the last window. */
  admit(key: string, report: (suppressed: number, key: string) => void): boolean;
};

export function createLogSampler(options: {
  perWindow: number;
  windowMs: number;
  now?: () => number;
}): LogSampler {
  const { perWindow, windowMs, now = Date.now } = options;
  const windows = new Map<string, { start: number; logged: number; suppressed: number }>();

  return {
    admit(key, report) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        if (window && window.suppressed > 0) report(window.suppressed, key);
        window = { start: at, logged: 0, suppressed: 0 };
        windows.set(key, window);
      }
      if (window.logged < perWindow) {
        window.logged += 1;
        return true;
      }
      window.suppressed += 1;
      return false;
    },
  };
}

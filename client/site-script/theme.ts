/** Where a visitor's choice of theme is kept; the inline head script reads it before the first paint. */
export const THEME_STORAGE_KEY = "theme";

/**
 * The header's theme button: the page follows the system's light or dark theme until
 * the visitor presses it; the choice is kept and set on <html data-theme> by the inline
 * script in <head> on every later page, before anything is painted (client/lib/theme.ts).
 */
export function enhanceThemeToggle(): void {
  const root = document.documentElement;
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const isDark = () => (root.dataset.theme ? root.dataset.theme === "dark" : system.matches);
  const buttons = document.querySelectorAll<HTMLButtonElement>("button[data-theme-toggle]");
  const show = () => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(isDark()));
  };
  for (const button of buttons) {
    button.addEventListener("click", () => {
      const theme = isDark() ? "light" : "dark";
      root.dataset.theme = theme;
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage blocked: the choice holds for this page only.
      }
      show();
    });
  }
  system.addEventListener("change", show);
  show();
}

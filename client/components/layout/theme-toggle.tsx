import { SunMoon } from "lucide-react";

/**
 * Light or dark, whatever the system says: the site script (client/site-script/theme.ts)
 * shows this button, keeps `aria-pressed` true while the page is dark, and remembers a
 * press. Without scripts the page follows the system's theme and the button is not shown
 * (app.css: it shows once the head script has marked <html data-scripted>).
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      data-theme-toggle
      aria-pressed="false"
      aria-label="Dark theme"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-muted"
    >
      <SunMoon aria-hidden="true" className="size-5" />
    </button>
  );
}

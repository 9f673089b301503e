import type { ReactNode } from "react";
import type { SiteSettings } from "#shared/site-settings.ts";
import { SiteSettingsContext } from "#client/lib/site-settings-context.ts";
import { CookieConsentBanner } from "./cookie-consent";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * requirements §2: every page sits in a sticky header, a main area and the footer. The shell is
 * plain markup: what moves in it (the drawer, the consent banner, the progress bar) is
 * the site script's (client/site-script/), so it works on pages that load no framework.
 * The islands inside it (docs/decisions/064-islands.md) read the settings they need from
 * its context, and show their toasts in a root of their own (client/lib/hydrate-island.tsx).
 */
export type SiteShellProps = { settings: SiteSettings; gtmId: string | undefined; children: ReactNode };

export function SiteShell({ settings, gtmId, children }: SiteShellProps) {
  return (
    <SiteSettingsContext value={{ email: settings.email }}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-control bg-surface px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {/* While the next page loads after a click on one of the site's links; fixed, so nothing shifts. */}
        <div
          data-navigation-progress
          hidden
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand"
        />
        <SiteHeader brandName={settings.brandName} />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter settings={settings} cookieSettings={Boolean(gtmId)} />
        {gtmId ? <CookieConsentBanner /> : null}
      </div>
    </SiteSettingsContext>
  );
}

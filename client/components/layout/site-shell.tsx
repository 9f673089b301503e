import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react";
import type { SiteSettings } from "../../../shared/site-settings";
import { readConsent } from "../../lib/analytics";
import { subscribeToToasterRequests, toasterRequested } from "../../lib/notify";
import { usePageViews } from "../../lib/use-page-views";
import { CookieConsentBanner } from "./cookie-consent";
import { NavigationProgress } from "./navigation-progress";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

const subscribeToNothing = () => () => {};
const Toaster = lazy(() => import("../ui/toaster"));

/** SPEC §2: every page sits in a sticky header, a main area and the footer. */
export type SiteShellProps = { settings: SiteSettings; gtmId: string | undefined; children: ReactNode };

export function SiteShell({ settings, gtmId, children }: SiteShellProps) {
  usePageViews();
  const showToaster = useSyncExternalStore(subscribeToToasterRequests, toasterRequested, () => false);
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // undefined: follow the stored choice; true/false: the visitor opened or closed the banner.
  const [consentOpen, setConsentOpen] = useState<boolean | undefined>(undefined);
  const showConsent = Boolean(gtmId) && hydrated && (consentOpen ?? readConsent() === undefined);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <SiteHeader brandName={settings.brandName} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} onCookieSettings={gtmId ? () => setConsentOpen(true) : undefined} />
      {showConsent ? <CookieConsentBanner onClose={() => setConsentOpen(false)} /> : null}
      {showToaster ? (
        <Suspense>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}

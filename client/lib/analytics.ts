declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** requirements §1: a page_view event on every page load (client/site-script/page-views.ts). */
export function trackPageView(pagePath: string, pageTitle: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: "page_view", page_path: pagePath, page_title: pageTitle });
}

/** The visitor's choice for the optional cookie categories of the cookie policy. */
export type CookieConsent = { statistics: boolean; marketing: boolean };

export const CONSENT_STORAGE_KEY = "cookie-consent";

export function readConsent(): CookieConsent | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null") as unknown;
    if (typeof stored === "object" && stored !== null && "statistics" in stored && "marketing" in stored) {
      return { statistics: stored.statistics === true, marketing: stored.marketing === true };
    }
  } catch {
    // Storage blocked or unreadable: treat as not yet decided.
  }
  return undefined;
}

/**
 * Runs in <head> before anything else when a Tag Manager container is configured:
 * Consent Mode defaults to denied, a stored choice is applied, and the container
 * loads only once the visitor has allowed statistics or marketing cookies.
 * `containerId` is validated as GTM-[A-Z0-9]+ at start-up, so it is safe to inline.
 */
export function consentAndTagManagerSnippet(containerId: string): string {
  return `(function(w,d){w.dataLayer=w.dataLayer||[];function gtag(){w.dataLayer.push(arguments);}
gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',functionality_storage:'granted',security_storage:'granted'});
w.__applyConsent=function(c){gtag('consent','update',{analytics_storage:c.statistics?'granted':'denied',ad_storage:c.marketing?'granted':'denied',ad_user_data:c.marketing?'granted':'denied',ad_personalization:c.marketing?'granted':'denied'});
if((c.statistics||c.marketing)&&!w.__gtmLoaded){w.__gtmLoaded=true;w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});var j=d.createElement('script');j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id=${containerId}';d.head.appendChild(j);}};
var c=null;try{c=JSON.parse(w.localStorage.getItem('${CONSENT_STORAGE_KEY}'));}catch(e){}
if(c)w.__applyConsent(c);})(window,document);`;
}

/** Stores the choice and applies it at once (loading Tag Manager if it is now allowed). */
export function saveConsent(consent: CookieConsent): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  (window as unknown as { __applyConsent?: (c: CookieConsent) => void }).__applyConsent?.(consent);
}

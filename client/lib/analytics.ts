declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** SPEC §1: a page_view event on first load and on every route change. */
export function trackPageView(pagePath: string, pageTitle: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: "page_view", page_path: pagePath, page_title: pageTitle });
}

/** Google Tag Manager's loader, only rendered when a container id is configured. */
export function gtmSnippet(containerId: string): string {
  // containerId is validated as GTM-[A-Z0-9]+ at start-up, so it is safe to inline.
  return `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${containerId}');`;
}

/**
 * A thin bar at the top while the next page loads after a click on one of the site's own
 * links: every navigation is a page load, and a phone's own indicator is easy to miss.
 * It is fixed, so nothing shifts, and gone when a page comes back from the back/forward cache.
 */
export function showNavigationProgress(): void {
  const bar = document.querySelector<HTMLElement>("[data-navigation-progress]");
  if (!bar) return;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
    if (url.origin !== window.location.origin || samePage) return;
    bar.hidden = false;
  });
  window.addEventListener("pageshow", () => {
    bar.hidden = true;
  });
}

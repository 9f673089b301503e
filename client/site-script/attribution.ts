import { VISIT_PARAM } from "#shared/visit-source.ts";

/** Where the site's own pages are not: the workspace, the API and files. */
const NOT_A_PAGE = /^\/(?:admin|api)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * Where this visit came from, carried to each next page in the address of the site's own
 * links (`?visit=…`) and written into the hidden field of every form on the page: no
 * cookie, no storage (docs/decisions/045-lead-attribution.md). The page the visit began
 * on uses `own`, what its own address and referrer say (shared/visit-source.ts
 * `landingSource`); every later page reads what its link carried, a query string that
 * URLSearchParams reads back as it wrote it. A link is changed when the pointer comes over
 * it or presses on it, or it takes focus, before a hover can prerender it or a click of any
 * button follow it or open its menu; a click without any of those first (assistive
 * technology, a script) changes it too. Links read as they are until then. The page takes
 * the parameter out of its address once read, so a reload of it starts afresh.
 */
export function carryVisitSource(own: URLSearchParams): void {
  const here = new URL(location.href);
  const carried = here.searchParams.get(VISIT_PARAM);
  const source = new URLSearchParams(carried ?? own);
  const encoded = source.toString();
  if (carried !== null) {
    // Read once: the address bar, a bookmark and a shared link stay the page's own.
    here.searchParams.delete(VISIT_PARAM);
    history.replaceState(history.state, "", here.href);
  }

  source.set("p", here.pathname);
  for (const field of document.querySelectorAll<HTMLInputElement>(
    `input[type="hidden"][name="${VISIT_PARAM}"]`,
  ))
    field.value = source.toString();

  const carry = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    if (url.origin !== here.origin || NOT_A_PAGE.test(url.pathname)) return;
    // A jump within this page keeps its address.
    if (url.pathname === here.pathname && url.search === here.search && url.hash) return;
    url.searchParams.set(VISIT_PARAM, encoded);
    link.setAttribute("href", url.pathname + url.search + url.hash);
  };
  // Pointer events come before the touch, middle-click and context-menu events that follow them.
  for (const type of ["pointerover", "pointerdown", "focusin", "click"])
    document.addEventListener(type, carry, true);
}

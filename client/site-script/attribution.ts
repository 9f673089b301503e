import {
  decodeVisitSource,
  encodeVisitSource,
  landingSource,
  VISIT_PARAM,
  type VisitSource,
} from "#shared/visit-source.ts";

/** Where the site's own pages are not: the workspace, the API and files. */
const NOT_A_PAGE = /^\/(?:admin|api)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * Where this visit came from, carried to each next page in the address of the site's own
 * links (`?visit=…`) and written into the hidden field of every form on the page: no
 * cookie, no storage (docs/decisions/045-lead-attribution.md). The page the visit began
 * on reads its own address and referrer; every later page reads what its link carried.
 * A link is changed when the pointer comes over it or it takes focus, before a hover can
 * prerender it or a click follow it, so links read as they are until then. The page takes
 * the parameter out of its address once read, so a reload of it starts afresh.
 */
export function carryVisitSource(): void {
  const here = new URL(window.location.href);
  const carried = here.searchParams.get(VISIT_PARAM);
  const source: VisitSource =
    (carried !== null && decodeVisitSource(carried)) || landingSource(here, document.referrer);
  const encoded = encodeVisitSource({ ...source, sourcePage: undefined });
  if (carried !== null) {
    // Read once: the address bar, a bookmark and a shared link stay the page's own.
    here.searchParams.delete(VISIT_PARAM);
    window.history.replaceState(window.history.state, "", here.href);
  }

  for (const field of document.querySelectorAll<HTMLInputElement>(
    `input[type="hidden"][name="${VISIT_PARAM}"]`,
  ))
    field.value = encodeVisitSource({ ...source, sourcePage: here.pathname });

  const carry = (link: Element | null | undefined) => {
    if (!(link instanceof HTMLAnchorElement) || !link.href) return;
    const url = new URL(link.href);
    if (url.origin !== here.origin || NOT_A_PAGE.test(url.pathname)) return;
    // A jump within this page keeps its address.
    if (url.pathname === here.pathname && url.search === here.search && url.hash) return;
    url.searchParams.set(VISIT_PARAM, encoded);
    link.setAttribute("href", url.pathname + url.search + url.hash);
  };
  const carryTarget = (event: Event) => carry((event.target as Element | null)?.closest?.("a[href]"));
  for (const type of ["pointerover", "touchstart", "focusin", "click", "auxclick", "contextmenu"])
    document.addEventListener(type, carryTarget, { capture: true, passive: true });
}

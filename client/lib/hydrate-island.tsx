import { startTransition, StrictMode, useEffect, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ISLAND_ATTRIBUTE, ISLAND_DATA_ATTRIBUTE, type IslandData, type IslandName } from "./island";
import { subscribeToToasterRequests, toasterRequested } from "./notify";
import { SiteSettingsContext } from "./site-settings-context";

/**
 * The browser's half of an island (docs/decisions/064-islands.md): the entry of each
 * island calls `hydrateIsland` with its component, which hydrates each of its root
 * elements on the page with the props the server rendered it with. Once every island on the
 * page has hydrated, `<html data-hydrated>` says so (tests wait for it; CSS could too).
 */

let hydrated = 0;

function Hydrated() {
  useEffect(() => {
    hydrated += 1;
    if (hydrated >= document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`).length) {
      document.documentElement.dataset.hydrated = "";
    }
  }, []);
  return null;
}

export function hydrateIsland<Props extends object>(name: IslandName, Component: ComponentType<Props>) {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${name}"]`)) {
    const json = element.previousElementSibling;
    if (json?.getAttribute(ISLAND_DATA_ATTRIBUTE) !== name) continue;
    const { props, settings } = JSON.parse(json.textContent || "{}") as IslandData<Props>;
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <SiteSettingsContext value={settings}>
            <Component {...props} />
          </SiteSettingsContext>
          <Hydrated />
        </StrictMode>,
      );
    });
  }
}

/**
 * Toasts (requirements §4) sit in a root of their own at the end of the page, made when the first
 * one is raised: sonner and the toaster load only then (client/lib/notify.ts).
 */
function mountToasterOnRequest() {
  let mounted = false;
  const mount = () => {
    if (mounted || !toasterRequested()) return;
    mounted = true;
    import("#client/components/ui/toaster.tsx").then(
      ({ default: Toaster }) => {
        const host = document.createElement("div");
        document.body.append(host);
        createRoot(host).render(<Toaster />);
      },
      () => {
        // Not fetched (a dropped connection): the next toast tries again.
        mounted = false;
      },
    );
  };
  subscribeToToasterRequests(mount);
  mount();
}

mountToasterOnRequest();

/**
 * The one script every page runs, hydrated or not (docs/decisions/019-pages-without-a-framework.md).
 * It is plain DOM code, bundled at build time and inlined at the end of <body>, so a page
 * that needs nothing else loads no framework. Each part finds its markup by a data
 * attribute the React components render, and does nothing on a page without it.
 */
import { landingSource } from "#shared/visit-source.ts";
import { carryVisitSource } from "./attribution";
import { enhanceConsent } from "./consent";
import { enhanceDrawer } from "./drawer";
import { enhanceMaps } from "./map";
import { showNavigationProgress } from "./navigation-progress";
import { sendPageViews } from "./page-views";
import { enhanceThemeToggle } from "./theme";

// What this page's own address and referrer say, read once for the count and the lead's source.
const own = landingSource(new URL(location.href), document.referrer);
sendPageViews(own);
carryVisitSource(own);
enhanceDrawer();
enhanceConsent();
enhanceMaps();
showNavigationProgress();
enhanceThemeToggle();

// requirements §2: the 404 page logs the missed path to the console.
const missed = document.querySelector<HTMLElement>("[data-missed-path]");
if (missed) console.warn("404: no page at", missed.dataset.missedPath);

import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import faviconSvg from "#public/favicon.svg?raw";
import siteScript from "virtual:site-script";
import islandFiles from "virtual:islands";
import { SiteShell } from "./components/layout/site-shell";
import { NotFoundSection } from "./components/sections/not-found-section";
import { consentAndTagManagerSnippet } from "./lib/analytics";
import { brandFontPreload } from "./lib/brand-font";
import { loadContent } from "./lib/content-loader";
import { isWorkspacePage, pageHydration, pageIslands } from "./lib/hydration";
import { islandLoader } from "./lib/island-loader";
import { notFoundMeta } from "./lib/seo";
import { useNonce } from "./lib/nonce";
import { speculationRules } from "./lib/speculation-rules";
import { themeColors, themeRestoreScript } from "./lib/theme";
import type { Refusal } from "./lib/form-action";
import type { RootData } from "./lib/root-data";
import { errorMessages } from "#shared/error-catalogue.ts";
import { paths } from "#shared/paths.ts";
import { resolvePageSnippet, snippetPageAt } from "#shared/snippet-pages.ts";

/**
 * The icon travels inside the page (190 bytes): as a separate request, which Chromium makes
 * while the page loads, it competes with the first paint on a slow network.
 * /favicon.svg stays for crawlers and the structured data's logo.
 */
const favicon = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: favicon, type: "image/svg+xml" },
];

/**
 * Only for an error a route did not handle (the root's boundary shows it): a page that is
 * not there is titled with its path (requirements §2). Every route's own meta replaces this one.
 */
export const meta: Route.MetaFunction = ({ error, location, loaderData }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 404
    ? notFoundMeta(location.pathname, loaderData?.settings)
    : [{ title: `Something went wrong - ${loaderData?.settings.brandName ?? ""}`.replace(/ - $/, "") }];
};

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  // The page's search snippet with what staff saved in its place (docs/decisions/040-search-snippets.md):
  // only this page's, resolved here so no browser bundle carries every page's
  // (docs/decisions/037-visitor-chunks.md).
  const page = snippetPageAt(new URL(request.url).pathname);
  const saved = page
    ? await loadContent(context, "search snippet", () => context.content.getPageSnippet(page), undefined)
    : undefined;
  return {
    settings: context.settings,
    gtmId: context.gtmId,
    ...(page ? { snippet: resolvePageSnippet(page, saved?.value) } : {}),
  };
}

/**
 * Every page is rendered here. A visitor's page gets the site script and the speculation
 * rules, both inline, and, where its route names islands, the script that starts them: each
 * hydrates its own part of the page, and no React Router runs (client/lib/hydration.ts,
 * docs/decisions/019-pages-without-a-framework.md, docs/decisions/064-islands.md). Only
 * the staff workspace hydrates the whole document with React Router.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData("root") as RootData | undefined;
  const matches = useMatches();
  const hydration = pageHydration(matches);
  const fontPreload = brandFontPreload(matches);
  // The staff workspace (/admin) has no analytics, site script or prerendering: staff are
  // not visitors, and its pages are never cached (docs/decisions/028-staff-workspace-ui.md).
  const visitorPage = !isWorkspacePage(matches);
  const islands = visitorPage && hydration !== "none" ? pageIslands(matches) : [];
  return (
    // The head script sets data-theme before hydration; React leaves it be.
    <html lang="en-ZA" data-hydrate={hydration === "none" ? undefined : hydration} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: themeRestoreScript }}
        />
        <meta name="theme-color" content={themeColors.light} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={themeColors.dark} media="(prefers-color-scheme: dark)" />
        <Meta />
        {fontPreload ? (
          <link rel="preload" href={fontPreload} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : null}
        <Links />
        {visitorPage && data?.gtmId ? (
          // Hydration never re-runs this script; the browser hides its nonce, hence the flag.
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: consentAndTagManagerSnippet(data.gtmId) }}
          />
        ) : null}
      </head>
      <body>
        {children}
        {/* Hydration never re-runs these; the browser hides their nonce, hence the flag. The
            client bundle leaves the script's text out: the page it hydrates already has it. */}
        {visitorPage ? (
          <>
            <script
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? siteScript : "" }}
            />
            <script
              type="speculationrules"
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{ __html: speculationRules }}
            />
          </>
        ) : null}
        {visitorPage ? (
          islands.length > 0 && hydration !== "none" ? (
            // Only the server renders visitor pages' scripts: in the browser, only the workspace
            // hydrates this document, so the client bundle carries no island's file names.
            <script
              type="module"
              nonce={nonce}
              suppressHydrationWarning
              dangerouslySetInnerHTML={{
                __html: import.meta.env.SSR
                  ? islandLoader(
                      islands.map((name) => islandFiles[name]),
                      hydration,
                    )
                  : "",
              }}
            />
          ) : null
        ) : hydration === "none" ? null : (
          <Scripts nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  // Runs only where React Router runs, the workspace: marks the page hydrated (tests wait
  // for it; CSS could too). A visitor page's islands mark it themselves.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // The workspace's layout and pages bring their own look.
  if (isWorkspacePage(matches)) return <Outlet />;
  return (
    <SiteShell settings={loaderData.settings} gtmId={loaderData.gtmId}>
      <Outlet />
    </SiteShell>
  );
}

/** Last resort for errors no route handled: the site chrome stays, the message is plain. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const matches = useMatches();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (client/lib/form-action.ts) carries a sentence for the visitor;
  // anything else shows the catalogue's text, never the error's own.
  const refusal = isRouteErrorResponse(error) ? (error.data as Partial<Refusal> | null) : null;
  const message =
    typeof refusal?.visitorMessage === "string" ? refusal.visitorMessage : errorMessages.unexpected;
  const content =
    status === 404 ? (
      <NotFoundSection path={location.pathname} />
    ) : (
      <section className="page-container section text-center">
        <h1 className="section-title">Something went wrong</h1>
        <p className="mt-4 text-ink-soft">{message}</p>
        <a href={paths.home} className="btn-primary mt-8">
          Return to Home
        </a>
      </section>
    );
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return data && !isWorkspacePage(matches) ? (
    <SiteShell settings={data.settings} gtmId={data.gtmId}>
      {content}
    </SiteShell>
  ) : (
    <main id="main-content">{content}</main>
  );
}

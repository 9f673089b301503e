import { data, useLocation } from "react-router";
import { paths } from "../../shared/paths";
import { settingsFromMatches } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import type { Route } from "./+types/not-found";
import { uiStrings } from "../../shared/ui-strings";

/** Any unknown path answers 404 (SPEC §2). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => [
  // SPEC §2: an unknown path uses the path in place of the page name.
  ...buildMeta(
    {
      title: loaderData?.path ?? location.pathname,
      description: "The page you are looking for could not be found.",
      path: location.pathname,
    },
    settingsFromMatches(matches),
  ).filter((tag) => !("tagName" in tag)),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { pathname } = useLocation();
  return (
    // SPEC §2: the missed path is logged to the console, by the site script (client/site-script/).
    <section
      data-missed-path={pathname}
      className="page-container section flex flex-col items-center text-center"
    >
      <p className="text-6xl font-extrabold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="section-title mt-4">{uiStrings.notFoundTitle}</h1>
      <p className="mt-4 text-slate-700">The page you were looking for does not exist or has moved.</p>
      <a href={paths.home} className="btn-primary mt-8">
        Return to Home
      </a>
    </section>
  );
}

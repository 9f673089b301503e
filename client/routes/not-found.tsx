import { data, useLocation } from "react-router";
import { NotFoundSection } from "#client/components/sections/not-found-section.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { notFoundMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Any unknown path answers 404 (requirements §2). */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  notFoundMeta(loaderData?.path ?? location.pathname, settingsFromMatches(matches));

export default function NotFound() {
  return <NotFoundSection path={useLocation().pathname} />;
}

import { ThankYou } from "#client/components/sections/thank-you.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import { loadPageCopy, previewResponseHeaders } from "#client/lib/page-copy.ts";
import type { Route } from "./+types/thank-you-web-app";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPageCopy(context, request, "thank-you-web-app");

export const headers: Route.HeadersFunction = previewResponseHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildPageMeta("thank-you-web-app", matches),
  // Reached only after a form; not a page for search results.
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ThankYou copy={loaderData.copy} />;
}

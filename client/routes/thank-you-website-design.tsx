import { paths } from "#shared/paths.ts";
import { ThankYou } from "#client/components/sections/thank-you.tsx";
import { loadPageCopy, previewResponseHeaders } from "#client/lib/page-copy.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/thank-you-website-design";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPageCopy(context, request, "thank-you-website-design");

export const headers: Route.HeadersFunction = previewResponseHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildMeta(
    {
      title: "Thank You",
      description:
        "Thank you for your website design enquiry. We will review your requirements within 24 hours and prepare a custom website proposal.",
      path: paths.thankYouWebsiteDesign,
    },
    settingsFromMatches(matches),
  ),
  // Reached only after a form; not a page for search results.
  { name: "robots", content: "noindex" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ThankYou copy={loaderData.copy} />;
}

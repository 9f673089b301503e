import { paths } from "#shared/paths.ts";
import { ThankYou } from "#client/components/sections/thank-you.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/thank-you-website-design";

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

export default function Page() {
  return <ThankYou service="website design" />;
}

import { ThankYou } from "#client/components/sections/thank-you.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/thank-you-web-app";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildPageMeta("thank-you-web-app", matches),
  // Reached only after a form; not a page for search results.
  { name: "robots", content: "noindex" },
];

export default function Page() {
  return <ThankYou service="web-app" />;
}

import { data } from "react-router";
import type { ConfirmResult } from "#shared/forms/results.ts";
import { paths } from "#shared/paths.ts";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/newsletter-confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.leads.confirmSubscription(token);
  return data({ outcome: result.outcome }, { status: result.success ? 200 : 400 });
}

// The token is personal: neither browsers nor proxies keep this page.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildMeta(
    {
      title: "Newsletter Subscription",
      description: "Confirm your subscription to our newsletter.",
      path: paths.newsletterConfirm,
    },
    settingsFromMatches(matches),
  ),
  { name: "robots", content: "noindex" },
];

const MESSAGES: Record<ConfirmResult["outcome"], { title: string; text: string }> = {
  confirmed: {
    title: "Subscription confirmed",
    text: "Thank you. You will receive our newsletter from now on, and every issue has a link to unsubscribe.",
  },
  "already-confirmed": {
    title: "Already confirmed",
    text: "Your subscription was confirmed before. There is nothing more to do.",
  },
  expired: {
    title: "Link expired",
    text: "This confirmation link has expired. Please subscribe again on our news page to get a new one.",
  },
  invalid: {
    title: "Link not valid",
    text: "This confirmation link is invalid or no longer works. Please subscribe again on our news page.",
  },
};

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const message = MESSAGES[loaderData.outcome];
  return (
    <>
      <PageHeader title={message.title} subtitle={message.text} />
      <section className="page-container section text-center">
        <a href={paths.news} className="btn-primary">
          Read Our Tech News
        </a>
      </section>
    </>
  );
}

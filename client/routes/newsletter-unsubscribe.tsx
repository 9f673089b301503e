import { data, Form } from "react-router";
import type { UnsubscribeResult, UnsubscribeTokenStatus } from "#shared/forms/results.ts";
import { paths } from "#shared/paths.ts";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** Opening the link only asks; nothing changes until the visitor presses the button (link scanners open links too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const status = await context.leads.checkUnsubscribeToken(token);
  return data({ token, status }, { status: status === "invalid" ? 400 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? tokenOf(request));
  const result = await context.leads.unsubscribe(token);
  return data({ outcome: result.outcome }, { status: result.success ? 200 : 400 });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildMeta(
    {
      title: "Unsubscribe",
      description: "Unsubscribe from our newsletter.",
      path: paths.newsletterUnsubscribe,
    },
    settingsFromMatches(matches),
  ),
  { name: "robots", content: "noindex" },
];

type Outcome = UnsubscribeResult["outcome"];

/** What the link already says before anything is pressed; `undefined` shows the button. */
const OUTCOME_OF_STATUS: Record<UnsubscribeTokenStatus, Outcome | undefined> = {
  subscribed: undefined,
  unsubscribed: "already-unsubscribed",
  invalid: "invalid",
};

const MESSAGES: Record<Outcome, { title: string; text: string }> = {
  unsubscribed: {
    title: "You are unsubscribed",
    text: "You will not receive our newsletter any more. You can subscribe again on our news page at any time.",
  },
  "already-unsubscribed": {
    title: "Already unsubscribed",
    text: "This address was unsubscribed before. You will not receive our newsletter.",
  },
  invalid: {
    title: "Link not valid",
    text: "This unsubscribe link is invalid or no longer works. Reply to any of our e-mails and we will remove you by hand.",
  },
};

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? OUTCOME_OF_STATUS[loaderData.status];
  if (outcome) {
    const message = MESSAGES[outcome];
    return (
      <>
        <PageHeader title={message.title} subtitle={message.text} />
        <section className="page-container section text-center">
          <a href={paths.home} className="btn-primary">
            Return to Home
          </a>
        </section>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Unsubscribe" subtitle="Stop receiving our newsletter at this address?" />
      <section className="page-container section text-center">
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn-primary">
            Unsubscribe
          </button>
        </Form>
      </section>
    </>
  );
}

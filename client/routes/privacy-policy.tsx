import { fillPolicyTokens, policyTokenValues } from "#shared/copy/policy-tokens.ts";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { pageCopyData, previewMeta, previewResponseHeaders, readPageCopy } from "#client/lib/page-copy.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buildPageMeta("privacy-policy", matches),
  ...previewMeta(loaderData),
];

// The policy is Markdown staff edit (docs/decisions/039-editable-page-copy.md), rendered
// on the server in the news bodies' safe subset: the page ships no script for it.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { copy, preview } = await readPageCopy(context, request, "privacy-policy");
  const policy = context.content.renderPolicy(
    fillPolicyTokens(copy.body, policyTokenValues(context.settings)),
  );
  return pageCopyData({ header: copy.header, lastUpdated: copy.lastUpdated, policy, preview });
}

// requirements §2: "Cookie policy last updated February 17, 2025": the policy's date in words.
const policyDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export const headers: Route.HeadersFunction = previewResponseHeaders;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { header, lastUpdated, policy } = loaderData;
  return (
    <>
      <PageHeader tone="paper" {...header} />

      <div className="page-container section">
        <div className="mx-auto max-w-3xl text-lg leading-relaxed">
          <p className="mb-8 font-semibold text-ink">
            Last updated:{" "}
            <time dateTime={lastUpdated}>{policyDate.format(new Date(`${lastUpdated}T00:00:00Z`))}</time>
          </p>
          {policy.sections.length > 0 ? (
            <nav aria-label="On this page" className="rounded-card border border-line bg-muted p-6">
              <p className="font-semibold text-ink">On this page</p>
              <ol className="mt-3 list-decimal space-y-1 pl-6 text-base text-ink-soft">
                {policy.sections.map(({ id, title }) => (
                  <li key={id}>
                    <a href={`#${id}`} className="text-brand underline">
                      {title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}

          {/* The server's safe renderer escapes raw HTML and drops unsafe links (server/content/article-markdown.ts). */}
          <div className="prose mt-12" dangerouslySetInnerHTML={{ __html: policy.html }} />
        </div>
      </div>
    </>
  );
}

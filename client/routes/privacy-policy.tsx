import policy from "#data/pages/privacy-policy.md";
import { policyValues, tableOfContents } from "#data/pages/privacy-policy-copy.ts";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Prose } from "#client/components/sections/prose.tsx";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => buildPageMeta("privacy-policy", matches);

export default function Page() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader
        tone="paper"
        eyebrow="Policies"
        title="Privacy & Cookie Policy"
        subtitle="How we handle your personal information and the cookies this website uses."
      />

      <div className="page-container section">
        <div className="mx-auto max-w-3xl text-lg leading-relaxed">
          <nav aria-label="On this page" className="rounded-card border border-line bg-muted p-6">
            <p className="font-semibold text-ink">On this page</p>
            <ol className="mt-3 list-decimal space-y-1 pl-6 text-base text-ink-soft">
              {tableOfContents.map(({ id, title }) => (
                <li key={id}>
                  <a href={`#${id}`} className="text-brand underline">
                    {title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {/* The policy itself: data/pages/privacy-policy.md. */}
          <Prose html={policy} values={policyValues(settings)} className="mt-12" />
        </div>
      </div>
    </>
  );
}

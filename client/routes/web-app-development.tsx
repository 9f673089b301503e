import { AlertTriangle } from "lucide-react";
import { ourProcess, painPoints, problems, technology } from "#data/pages/web-app-development-copy.ts";
import { paths } from "#shared/paths.ts";
import { WebAppLeadForm } from "#client/components/forms/web-app-lead-form.tsx";
import { CheckList } from "#client/components/sections/check-list.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { ServiceHero } from "#client/components/sections/service-hero.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import { formActionHeaders, submitLeadForm } from "#client/lib/form-action.ts";
import { loadServicePage } from "#client/lib/content-loader.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/web-app-development";

export const loader = ({ context }: Route.LoaderArgs) => loadServicePage(context, "web-app-development");

export const action = ({ request, context }: Route.ActionArgs) =>
  submitLeadForm(request, context.leads.submitWebApp, paths.thankYouWebApp);

export const headers: Route.HeadersFunction = formActionHeaders;

/** The lead form and the carousel run React; their scripts start after the first paint. */
export const handle: PageHandle = { hydrate: "eager" };

export const meta: Route.MetaFunction = ({ matches }) => buildPageMeta("web-app-development", matches);

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ServiceHero
        title="Custom Web-App Development"
        subtitle="Software shaped around how your business works, so your team can do more with less. Teams using custom tools report up to 46% productivity gains."
        problems={problems}
        showcaseTitle="Our Web-App Portfolio"
        servicePage="web-app-development"
        screenshots={loaderData.screenshots}
      />
      <WebAppLeadForm formToken={loaderData.formToken} actionData={actionData} />

      <Section id="pain-points" title="Sound Familiar?" intro="The problems a custom web application solves.">
        <ul className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-2">
          {painPoints.map((point) => (
            <li
              key={point}
              className="flex gap-3 rounded-card bg-warning-soft p-5 text-ink ring-1 ring-warning/30"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="technology" title="Technology We Use" tone="muted">
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {technology.map(({ icon: Icon, title, items }) => (
            <li key={title} className="rounded-card bg-surface p-8 shadow-card ring-1 ring-line">
              <span className="inline-flex size-12 items-center justify-center rounded-control bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-ink">{title}</h3>
              <CheckList items={items} className="mt-4" />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="our-process" title="Our Process">
        <ProcessSteps steps={ourProcess} />
      </Section>
    </>
  );
}

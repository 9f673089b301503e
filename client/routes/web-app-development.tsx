import { AlertTriangle } from "lucide-react";
import { paths } from "#shared/paths.ts";
import { WebAppLeadForm } from "#client/components/forms/web-app-lead-form.tsx";
import { island } from "#client/lib/island.tsx";
import { CheckList } from "#client/components/sections/check-list.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { ServiceHero } from "#client/components/sections/service-hero.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { submitLeadForm } from "#client/lib/form-action.ts";
import { webAppDevelopmentCopy } from "#data/pages/web-app-development-copy.ts";
import { CopyIcon } from "#client/components/ui/copy-icon.tsx";
import { formPageHeaders } from "#client/lib/page-copy.ts";
import { serviceHandle, serviceMeta } from "#client/lib/service-page.ts";
import { loadServicePageCopy } from "#client/lib/service-page.server.ts";
import { useShownCopy } from "#client/lib/shown-copy.ts";
import type { Route } from "./+types/web-app-development";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadServicePageCopy(context, request, "web-app-development");

export const action = ({ request, context }: Route.ActionArgs) =>
  submitLeadForm(request, context.leads.submitWebApp, paths.thankYouWebApp);

export const headers: Route.HeadersFunction = formPageHeaders;

export const handle = serviceHandle("web-app-development", "web-app-lead");

const LeadFormIsland = island("web-app-lead", WebAppLeadForm);

export const meta: Route.MetaFunction = serviceMeta("web-app-development");

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, painPoints, technology, ourProcess } = useShownCopy(loaderData.copy, webAppDevelopmentCopy);
  return (
    <>
      <ServiceHero hero={hero} servicePage="web-app-development" screenshots={loaderData.screenshots} />
      <LeadFormIsland formToken={loaderData.formToken} actionData={actionData} />

      <Section id="pain-points" title={painPoints.heading.title} intro={painPoints.heading.intro}>
        <ul className="mx-auto mt-10 grid max-w-4xl gap-4 md:grid-cols-2">
          {painPoints.items.map((point, index) => (
            <li
              key={index}
              className="flex gap-3 rounded-card bg-warning-soft p-5 text-ink ring-1 ring-warning/30"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="technology" title={technology.title} tone="muted">
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {technology.groups.map(({ icon, title, items }, index) => {
            return (
              <li key={index} className="rounded-card bg-surface p-8 shadow-card ring-1 ring-line">
                <span className="inline-flex size-12 items-center justify-center rounded-control bg-brand-soft text-brand">
                  <CopyIcon name={icon} icons={loaderData.icons} className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-ink">{title}</h3>
                <CheckList items={items} className="mt-4" />
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="our-process" title={ourProcess.title}>
        <ProcessSteps steps={ourProcess.steps} />
      </Section>
    </>
  );
}

import { paths } from "#shared/paths.ts";
import { WebsiteDesignLeadForm } from "#client/components/forms/website-design-lead-form.tsx";
import { island } from "#client/lib/island.tsx";
import { CheckList } from "#client/components/sections/check-list.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { ServiceHero } from "#client/components/sections/service-hero.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { WideTable } from "#client/components/ui/wide-table.tsx";
import { submitLeadForm } from "#client/lib/form-action.ts";
import { websiteDesignCopy } from "#data/pages/website-design-copy.ts";
import { formPageHeaders } from "#client/lib/page-copy.ts";
import { serviceHandle, serviceMeta } from "#client/lib/service-page.ts";
import { loadServicePageCopy } from "#client/lib/service-page.server.ts";
import { useShownCopy } from "#client/lib/shown-copy.ts";
import type { Route } from "./+types/website-design";

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadServicePageCopy(context, request, "website-design");

export const action = ({ request, context }: Route.ActionArgs) =>
  submitLeadForm(request, context.leads.submitWebsiteDesign, paths.thankYouWebsiteDesign);

export const headers: Route.HeadersFunction = formPageHeaders;

export const handle = serviceHandle("website-design", "website-design-lead", "image");

const LeadFormIsland = island("website-design-lead", WebsiteDesignLeadForm);

export const meta: Route.MetaFunction = serviceMeta("website-design");

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, whatToExpect, websiteTypes, whyChooseUs } = useShownCopy(loaderData.copy, websiteDesignCopy);
  return (
    <>
      <ServiceHero hero={hero} servicePage="website-design" screenshots={loaderData.screenshots} />
      <LeadFormIsland formToken={loaderData.formToken} actionData={actionData} />

      <Section id="what-to-expect" title={whatToExpect.title}>
        <CheckList items={whatToExpect.items} className="mx-auto mt-10 max-w-3xl" />
      </Section>

      <Section id="website-types" title={websiteTypes.title} tone="muted">
        <WideTable
          label="Website types table"
          hint="Scroll sideways to see what each type includes."
          className="mt-10"
        >
          <table className="w-full min-w-xl text-left text-sm sm:text-base">
            <caption className="sr-only">
              Types of website we build, who each is best for and what it includes
            </caption>
            <thead className="bg-muted text-ink">
              <tr>
                <th scope="col" className="p-3 sm:p-4">
                  Website type
                </th>
                <th scope="col" className="p-3 sm:p-4">
                  Best for
                </th>
                <th scope="col" className="p-3 sm:p-4">
                  Includes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line text-ink-soft">
              {websiteTypes.rows.map((row, index) => (
                <tr key={index}>
                  <th scope="row" className="p-3 font-semibold text-ink sm:p-4">
                    {row.type}
                  </th>
                  <td className="p-3 sm:p-4">{row.bestFor}</td>
                  <td className="p-3 sm:p-4">{row.includes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </WideTable>
      </Section>

      <Section id="why-choose-us" title={whyChooseUs.title}>
        <FeatureCards items={whyChooseUs.cards} icons={loaderData.icons} />
      </Section>
    </>
  );
}

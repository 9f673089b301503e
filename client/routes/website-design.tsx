import { paths } from "#shared/paths.ts";
import { WebsiteDesignLeadForm } from "#client/components/forms/website-design-lead-form.tsx";
import { island } from "#client/lib/island.tsx";
import { CheckList } from "#client/components/sections/check-list.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { ServiceHero } from "#client/components/sections/service-hero.tsx";
import { showsCarousel } from "#client/components/sections/screenshot-showcase.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { WideTable } from "#client/components/ui/wide-table.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import { submitLeadForm } from "#client/lib/form-action.ts";
import { websiteDesignCopy } from "#data/pages/website-design-copy.ts";
import { loadChangedPageCopyWithIcons } from "#client/lib/copy-icons.server.ts";
import { formPageHeaders, previewMeta } from "#client/lib/page-copy.ts";
import { useShownCopy } from "#client/lib/shown-copy.ts";
import { loadServicePage } from "#client/lib/content-loader.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/website-design";

export const loader = async ({ context, request }: Route.LoaderArgs) =>
  loadChangedPageCopyWithIcons(
    context,
    request,
    "website-design",
    await loadServicePage(context, "website-design"),
  );

export const action = ({ request, context }: Route.ActionArgs) =>
  submitLeadForm(request, context.leads.submitWebsiteDesign, paths.thankYouWebsiteDesign);

export const headers: Route.HeadersFunction = formPageHeaders;

/** The lead form and the carousel are islands; their scripts start after the first paint. */
export const handle: PageHandle<Route.ComponentProps["loaderData"]> = {
  hydrate: "eager",
  islands: (data) => [
    "website-design-lead",
    ...(showsCarousel("website-design", data.screenshots) ? (["showcase"] as const) : []),
  ],
  largestPaint: "image",
};

const LeadFormIsland = island("website-design-lead", WebsiteDesignLeadForm);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buildPageMeta("website-design", matches),
  ...previewMeta(loaderData),
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, whatToExpect, websiteTypes, whyChooseUs } = useShownCopy(loaderData.copy, websiteDesignCopy);
  return (
    <>
      <ServiceHero
        title={hero.title}
        subtitle={hero.subtitle}
        problems={hero.problems}
        showcaseTitle={hero.showcaseTitle}
        servicePage="website-design"
        screenshots={loaderData.screenshots}
      />
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

import { Gauge, Paintbrush, Wrench } from "lucide-react";
import { screenshotPlaceholders } from "../../data/service-screenshots";
import { paths } from "../../shared/paths";
import { WebsiteDesignLeadForm } from "../components/forms/website-design-lead-form";
import { CheckList } from "../components/sections/check-list";
import { FeatureCards } from "../components/sections/feature-cards";
import { PageHeader } from "../components/sections/page-header";
import { ScreenshotShowcase } from "../components/sections/screenshot-showcase";
import { Section } from "../components/sections/section";
import { WideTable } from "../components/ui/wide-table";
import { settingsFromMatches } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import { formActionHeaders, submitLeadForm } from "../lib/form-action";
import { loadScreenshots } from "../lib/content-loader";
import type { Route } from "./+types/website-design";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    screenshots: await loadScreenshots(context, "website-design"),
    formToken: context.formTokens.issue(),
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  submitLeadForm(request, context.leads.submitWebsiteDesign, paths.thankYouWebsiteDesign);

export const headers: Route.HeadersFunction = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "Website Design",
      description:
        "Custom website design and development in Cape Town: branded, mobile-first, SEO-ready websites on a CMS your team can update. Request your website proposal.",
      path: paths.websiteDesign,
    },
    settingsFromMatches(matches),
  );

const PROBLEMS = [
  "Your website looks dated and doesn't reflect the quality of your business.",
  "Visitors arrive but leave without calling, booking or buying.",
  "Every small content change means waiting on a developer.",
] as const;

const WHAT_TO_EXPECT = [
  "A custom, branded design that reflects your business and speaks to your customers",
  "A CMS or custom functionality, whichever suits how you work",
  "Tech integrations with your booking, CRM, payment and analytics tools",
  "Mobile-first, cross-browser layouts that work on every phone, tablet and desktop",
  "Easy content updates your team can make without a developer",
  "SEO-ready from day one: fast pages, clean markup and structured data",
] as const;

const WEBSITE_TYPES = [
  {
    type: "Marketing Sites",
    bestFor: "Service businesses, professionals and product launches",
    includes: "Branded pages, lead forms, analytics, SEO set-up",
  },
  {
    type: "Custom CMS Websites",
    bestFor: "Teams that publish often: news, listings, resources",
    includes: "Content editor, user roles, custom content types, search",
  },
  {
    type: "SME Web Portals",
    bestFor: "Businesses serving clients or partners online",
    includes: "Secure log-in areas, documents, bookings, integrations",
  },
] as const;

const WHY_CHOOSE_US = [
  {
    icon: Paintbrush,
    title: "Design That Converts",
    text: "Every layout is planned around what you want visitors to do next. Well-designed sites see up to 200% higher conversion.",
  },
  {
    icon: Gauge,
    title: "Built for Speed",
    text: "Lean pages that load fast on South African mobile networks, for better rankings and 30% higher engagement.",
  },
  {
    icon: Wrench,
    title: "Support After Launch",
    text: "Training for your team, maintenance plans and a local partner to call when you want to grow your site.",
  },
] as const;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Website Design & Development"
        subtitle="Websites that look the part, load fast and turn visitors into enquiries."
        problems={PROBLEMS}
      />
      <ScreenshotShowcase
        title="Our Website Portfolio"
        servicePage="website-design"
        placeholders={screenshotPlaceholders["website-design"]}
        screenshots={loaderData.screenshots}
      />
      <WebsiteDesignLeadForm formToken={loaderData.formToken} actionData={actionData} />

      <Section id="what-to-expect" title="What to Expect">
        <CheckList items={WHAT_TO_EXPECT} className="mx-auto mt-10 max-w-3xl" />
      </Section>

      <Section id="website-types" title="Website Types" tone="muted">
        <WideTable
          label="Website types table"
          hint="Scroll sideways to see what each type includes."
          className="mt-10"
        >
          <table className="w-full min-w-xl text-left text-sm sm:text-base">
            <caption className="sr-only">
              Types of website we build, who each is best for and what it includes
            </caption>
            <thead className="bg-slate-100 text-slate-900">
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
            <tbody className="divide-y divide-slate-200 text-slate-700">
              {WEBSITE_TYPES.map((row) => (
                <tr key={row.type}>
                  <th scope="row" className="p-3 font-semibold text-slate-900 sm:p-4">
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

      <Section id="why-choose-us" title="Why Choose Us">
        <FeatureCards items={WHY_CHOOSE_US} />
      </Section>
    </>
  );
}

import { paths } from "#shared/paths.ts";
import { CaseStudyCard } from "#client/components/content/case-study-card.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { breadcrumbJsonLd } from "#client/lib/structured-data.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/case-studies";

/** The largest paint is a picture: the logos, or the screenshot. */
export const handle: PageHandle = { largestPaint: "image" };

export async function loader({ context }: Route.LoaderArgs) {
  return { caseStudies: await context.content.listCaseStudies() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = settingsFromMatches(matches);
  return buildPageMeta("case-studies", matches, {
    jsonLd: settings
      ? [
          breadcrumbJsonLd(
            [
              { name: "Home", path: paths.home },
              { name: "Case Studies", path: paths.caseStudies },
            ],
            settings,
          ),
        ]
      : [],
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        tone="paper"
        eyebrow="Clients"
        title="Case Studies"
        subtitle="The businesses we partner with, and how we help them grow year after year."
      />
      <section aria-label="Our clients" className="section">
        <div className="page-container">
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.caseStudies.map((study, index) => (
              <li key={study.id}>
                <CaseStudyCard study={study} imagePriority={index === 0 ? "high" : "lazy"} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction
        id="case-studies-cta"
        title="Could Your Business Be Next?"
        text="Let's talk about what we could build together."
        linkLabel="Start Your Project"
        to={paths.contact}
      />
    </>
  );
}

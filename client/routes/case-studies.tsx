import { paths } from "#shared/paths.ts";
import { CaseStudyCard } from "#client/components/content/case-study-card.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { loadPageCopy, previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { breadcrumbJsonLd } from "#client/lib/structured-data.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import type { Route } from "./+types/case-studies";

/** The largest paint is a picture: the logos, or the screenshot. */
export const handle: PageHandle = { largestPaint: "image" };

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPageCopy(context, request, "case-studies", {
    caseStudies: await context.content.listCaseStudies(),
  });
}

export const headers: Route.HeadersFunction = previewResponseHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const settings = settingsFromMatches(matches);
  return [
    ...buildPageMeta("case-studies", matches, {
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
    }),
    ...previewMeta(loaderData),
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  return (
    <>
      <PageHeader tone="paper" {...copy.header} />
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
      <CallToAction id="case-studies-cta" {...copy.cta} to={paths.contact} />
    </>
  );
}

import { paths } from "#shared/paths.ts";
import { ClientLogos } from "#client/components/home/client-logos.tsx";
import { FeaturedWork } from "#client/components/home/featured-work.tsx";
import { HomeHero } from "#client/components/home/home-hero.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { loadContent } from "#client/lib/content-loader.ts";
import { loadPageCopyWithIcons } from "#client/lib/copy-icons.server.ts";
import { previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { organizationJsonLd } from "#client/lib/structured-data.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const settings = settingsFromMatches(matches);
  return [
    ...buildPageMeta("home", matches, { jsonLd: settings ? [organizationJsonLd(settings)] : [] }),
    ...previewMeta(loaderData),
  ];
};

export const headers: Route.HeadersFunction = previewResponseHeaders;

const PROOF_STRIP_CLIENTS = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  // Proof and work for the page; if content cannot be read the home page still stands without them.
  const [studies, work] = await Promise.all([
    loadContent(context, "case studies", () => context.content.listCaseStudies(), []),
    loadContent(
      context,
      "projects",
      async () => (await context.content.listProjectsPage(1)).items.slice(0, 3),
      [],
    ),
  ]);
  // Eight clients make the point; the case studies page has them all (each logo is a request).
  return loadPageCopyWithIcons(context, request, "home", {
    studies: studies.value.slice(0, PROOF_STRIP_CLIENTS),
    totalStudies: studies.value.length,
    projects: work.value,
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { hero, clients, whatWeDo, results, featuredWork, howWeWork, cta } = loaderData.copy;
  return (
    <>
      <HomeHero eyebrow={hero.eyebrow} title={hero.title} subtitle={hero.subtitle} />
      <ClientLogos studies={loaderData.studies} total={loaderData.totalStudies} copy={clients} />

      <Section id="what-we-do" title={whatWeDo.heading.title} intro={whatWeDo.heading.intro}>
        <FeatureCards items={whatWeDo.cards} icons={loaderData.icons} />
      </Section>

      <Section id="results" title={results.title} className="bg-brand-soft py-14" titleClassName="sr-only">
        <ul className="grid gap-8 md:grid-cols-3">
          {results.claims.map((claim, index) => (
            <li key={index} className="border-l-4 border-brand pl-5">
              <p className="text-headline font-extrabold text-brand">{claim.figure}</p>
              <p className="mt-2 text-ink-soft">{claim.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <FeaturedWork projects={loaderData.projects} copy={featuredWork} />

      <Section id="how-we-work" title={howWeWork.heading.title} intro={howWeWork.heading.intro} tone="muted">
        <ProcessSteps steps={howWeWork.steps} />
      </Section>

      <CallToAction id="home-cta" {...cta} to={paths.contact} />
    </>
  );
}

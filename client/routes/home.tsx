import { claims, steps, values } from "#data/pages/home-copy.ts";
import { paths } from "#shared/paths.ts";
import { ClientLogos } from "#client/components/home/client-logos.tsx";
import { FeaturedWork } from "#client/components/home/featured-work.tsx";
import { HomeHero } from "#client/components/home/home-hero.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { FeatureCards } from "#client/components/sections/feature-cards.tsx";
import { ProcessSteps } from "#client/components/sections/process-steps.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { loadContent } from "#client/lib/content-loader.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { organizationJsonLd } from "#client/lib/structured-data.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = settingsFromMatches(matches);
  return buildPageMeta("home", matches, { jsonLd: settings ? [organizationJsonLd(settings)] : [] });
};

const PROOF_STRIP_CLIENTS = 8;

export async function loader({ context }: Route.LoaderArgs) {
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
  return {
    studies: studies.value.slice(0, PROOF_STRIP_CLIENTS),
    totalStudies: studies.value.length,
    projects: work.value,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero
        eyebrow="Cape Town software studio"
        title="Transform Your Ideas Into Reality"
        subtitle="We build web and mobile applications that help your business scale, from the first sketch to launch and beyond."
      />
      <ClientLogos studies={loaderData.studies} total={loaderData.totalStudies} />

      <Section
        id="what-we-do"
        title="What We Do"
        intro="One Cape Town team for the whole life of your product: design, engineering and the support that keeps it running."
      >
        <FeatureCards items={values} />
      </Section>

      <Section
        id="results"
        title="Results our clients see"
        className="bg-brand-soft py-14"
        titleClassName="sr-only"
      >
        <ul className="grid gap-8 md:grid-cols-3">
          {claims.map((claim) => (
            <li key={claim.figure} className="border-l-4 border-brand pl-5">
              <p className="text-headline font-extrabold text-brand">{claim.figure}</p>
              <p className="mt-2 text-ink-soft">{claim.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <FeaturedWork projects={loaderData.projects} />

      <Section
        id="how-we-work"
        title="How We Work"
        intro="A simple, transparent process from first conversation to launch day."
        tone="muted"
      >
        <ProcessSteps steps={steps} />
      </Section>

      <CallToAction
        id="home-cta"
        title="Ready to Transform Your Business?"
        text="Tell us where you want to go. We'll show you how to get there, with a clear plan and a fixed proposal."
        linkLabel="Book an Appointment"
        to={paths.contact}
      />
    </>
  );
}

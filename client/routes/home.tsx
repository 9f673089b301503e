import { claims, steps, values } from "../../data/pages/home";
import { paths } from "../../shared/paths";
import { ClientLogos } from "../components/home/client-logos";
import { FeaturedWork } from "../components/home/featured-work";
import { HomeHero } from "../components/home/home-hero";
import { CallToAction } from "../components/sections/call-to-action";
import { FeatureCards } from "../components/sections/feature-cards";
import { ProcessSteps } from "../components/sections/process-steps";
import { Section } from "../components/sections/section";
import { loadContent } from "../lib/content-loader";
import { settingsFromMatches } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import { organizationJsonLd } from "../lib/structured-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = settingsFromMatches(matches);
  return buildMeta(
    {
      title: "Home",
      description:
        "Cape Town web and mobile app developers. We design, build and support websites and applications that help South African businesses grow and scale.",
      path: paths.home,
      jsonLd: settings ? [organizationJsonLd(settings)] : [],
    },
    settings,
  );
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

      <section aria-labelledby="results" className="bg-brand-soft py-14">
        <div className="page-container">
          <h2 id="results" className="sr-only">
            Results our clients see
          </h2>
          <ul className="grid gap-8 md:grid-cols-3">
            {claims.map((claim) => (
              <li key={claim.figure} className="border-l-4 border-brand pl-5">
                <p className="text-headline font-extrabold text-brand">{claim.figure}</p>
                <p className="mt-2 text-ink-soft">{claim.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

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

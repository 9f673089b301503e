import { claims, steps, values } from "../../data/pages/home";
import { paths } from "../../shared/paths";
import { CallToAction } from "../components/sections/call-to-action";
import { FeatureCards } from "../components/sections/feature-cards";
import { PageHeader } from "../components/sections/page-header";
import { ProcessSteps } from "../components/sections/process-steps";
import { Section } from "../components/sections/section";
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

export default function Page() {
  return (
    <>
      <PageHeader
        title="Transform Your Ideas Into Reality"
        subtitle="We build web and mobile applications that help your business scale, from the first sketch to launch and beyond."
      >
        <a href={paths.projects} className="btn-on-dark">
          See Our Projects
        </a>
        <a href={paths.contact} className="btn border border-white text-white hover:bg-white/10">
          Get In Touch
        </a>
      </PageHeader>

      <Section
        id="what-we-do"
        title="What We Do"
        intro="One Cape Town team for the whole life of your product: design, engineering and the support that keeps it running."
      >
        <FeatureCards items={values} />
      </Section>

      <section aria-labelledby="results" className="bg-slate-50 py-12">
        <div className="page-container">
          <h2 id="results" className="sr-only">
            Results our clients see
          </h2>
          <ul className="grid gap-6 text-center md:grid-cols-3">
            {claims.map((claim) => (
              <li key={claim.figure}>
                <p className="text-4xl font-extrabold text-brand">{claim.figure}</p>
                <p className="mt-2 text-slate-700">{claim.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section
        id="how-we-work"
        title="How We Work"
        intro="A simple, transparent process from first conversation to launch day."
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

import { Code2, LifeBuoy, Smartphone } from "lucide-react";
import { Link } from "react-router";
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

const VALUES = [
  {
    icon: Code2,
    title: "Web Development",
    text: "Fast, secure websites and web applications built on modern frameworks, designed to turn visitors into customers.",
  },
  {
    icon: Smartphone,
    title: "Mobile Development",
    text: "Cross-platform iOS and Android apps from one code base, so your customers get a polished app sooner and for less.",
  },
  {
    icon: LifeBuoy,
    title: "Maintenance & Support",
    text: "Updates, monitoring and improvements after launch, so your software stays fast, secure and ready to grow with you.",
  },
] as const;

const CLAIMS = [
  { figure: "200%", text: "higher conversion from websites designed around your customers" },
  { figure: "30%", text: "higher engagement with mobile-first, fast-loading experiences" },
  { figure: "Up to 46%", text: "more productivity when custom software replaces manual work" },
] as const;

const STEPS = [
  {
    title: "Discovery",
    text: "We learn your business, your customers and your goals, and agree what success looks like.",
  },
  {
    title: "Planning",
    text: "We shape the scope, the architecture and a clear timeline, with a fixed proposal you can budget for.",
  },
  {
    title: "Development",
    text: "We design and build in short sprints, showing you working software every step of the way.",
  },
  {
    title: "Launch & Support",
    text: "We launch with care, then monitor, support and improve your product as your business grows.",
  },
] as const;

export default function Page() {
  return (
    <>
      <PageHeader
        title="Transform Your Ideas Into Reality"
        subtitle="We build web and mobile applications that help your business scale, from the first sketch to launch and beyond."
      >
        <Link to={paths.projects} className="btn-on-dark">
          See Our Projects
        </Link>
        <Link to={paths.contact} className="btn border border-white text-white hover:bg-white/10">
          Get In Touch
        </Link>
      </PageHeader>

      <Section
        id="what-we-do"
        title="What We Do"
        intro="One Cape Town team for the whole life of your product: design, engineering and the support that keeps it running."
      >
        <FeatureCards items={VALUES} />
      </Section>

      <section aria-labelledby="results" className="bg-slate-50 py-12">
        <div className="page-container">
          <h2 id="results" className="sr-only">
            Results our clients see
          </h2>
          <ul className="grid gap-6 text-center md:grid-cols-3">
            {CLAIMS.map((claim) => (
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
        <ProcessSteps steps={STEPS} />
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

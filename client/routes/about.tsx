import {
  BadgeDollarSign,
  Cpu,
  Handshake,
  Headphones,
  Lightbulb,
  MessagesSquare,
  Route as RouteIcon,
  ShieldCheck,
  Users,
} from "lucide-react";
import { paths } from "../../shared/paths";
import { CallToAction } from "../components/sections/call-to-action";
import { FeatureCards } from "../components/sections/feature-cards";
import { PageHeader } from "../components/sections/page-header";
import { Section } from "../components/sections/section";
import { settingsFromMatches, useSiteSettings } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "About",
      description:
        "Meet the Cape Town team behind our websites, web applications and mobile apps: our story, our values and why South African businesses choose us.",
      path: paths.about,
    },
    settingsFromMatches(matches),
  );

const VALUES = [
  {
    icon: Lightbulb,
    title: "Innovation",
    text: "We look for the simplest modern solution to each problem and bring new ideas to the table, not just code.",
  },
  {
    icon: ShieldCheck,
    title: "Quality",
    text: "Reviewed code, automated tests and accessible, fast interfaces: we build software we are proud to support.",
  },
  {
    icon: Handshake,
    title: "Partnership",
    text: "We work as an extension of your team, share the plan openly and stay with you long after launch.",
  },
] as const;

const WHY_CHOOSE = [
  {
    icon: Users,
    title: "Expert Team",
    text: "Senior designers and engineers who have shipped products for start-ups and established companies alike.",
  },
  {
    icon: RouteIcon,
    title: "Proven Process",
    text: "Discovery, planning, sprints and support: a process that keeps projects on time and on budget.",
  },
  {
    icon: Cpu,
    title: "Latest Technology",
    text: "React, React Native, Laravel, Node.js and the cloud, chosen for what suits your product, not for fashion.",
  },
  {
    icon: Headphones,
    title: "Ongoing Support",
    text: "Maintenance plans with monitoring, updates and quick answers when you need a hand.",
  },
  {
    icon: MessagesSquare,
    title: "Transparent Communication",
    text: "Weekly updates, working demos and one contact person who knows your project.",
  },
  {
    icon: BadgeDollarSign,
    title: "Competitive Pricing",
    text: "Fixed proposals in rand, sized to South African budgets, with no surprises on the invoice.",
  },
] as const;

export default function Page() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader
        title="About Us"
        subtitle="A Cape Town team of designers and engineers who turn business ideas into dependable software."
      />

      <section aria-labelledby="our-story" className="section">
        <div className="page-container grid items-center gap-12 lg:grid-cols-2">
          <div>
            <h2 id="our-story" className="section-title">
              Our Story
            </h2>
            <div className="mt-6 space-y-4 text-lg text-slate-700">
              <p>
                {settings.brandName} started in a small studio in the centre of Cape Town with a simple idea:
                local businesses deserve the same quality of software as the world&apos;s biggest brands,
                built by people who pick up the phone.
              </p>
              <p>
                Today we design and build websites, web applications and cross-platform mobile apps for
                companies across South Africa, from ambitious start-ups to established firms modernising the
                way they work.
              </p>
              <p>
                We measure our work by our clients&apos; results: more enquiries, happier customers and teams
                that spend less time on manual work. Most of our clients stay with us long after launch.
              </p>
            </div>
          </div>
          <img
            src="/images/about/team.svg"
            alt="Illustration of our team planning a project around a table in our Cape Town studio, with Table Mountain through the window"
            width={1200}
            height={800}
            className="h-auto w-full rounded-2xl shadow-lg"
          />
        </div>
      </section>

      <Section id="our-values" title="Our Values" tone="muted">
        <FeatureCards items={VALUES} />
      </Section>

      <Section id="why-choose" title={`Why Choose ${settings.brandName}`}>
        <FeatureCards items={WHY_CHOOSE} />
      </Section>

      <CallToAction
        id="about-cta"
        title="Let's Build Something Great Together"
        text="Tell us about your idea and we'll help you plan the best way to bring it to life."
        linkLabel="Get In Touch"
        to={paths.contact}
      />
    </>
  );
}

import { ArrowRight, ClipboardList, Code2, Globe, Megaphone, Share2, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../shared/paths";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHeader } from "../components/sections/page-header";
import { settingsFromMatches } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "Services",
      description:
        "Website design, custom web applications, cross-platform mobile apps, project and infrastructure consulting, social media and paid media marketing from Cape Town.",
      path: paths.services,
    },
    settingsFromMatches(matches),
  );

/** SPEC §2: the six service blocks; the two with their own page link to it. */
const SERVICES = [
  {
    icon: Globe,
    title: "Website Design & Development",
    text: "Branded, mobile-first websites that load fast, rank well and turn visitors into enquiries, on a CMS your team can update.",
    points: [
      "Custom design around your brand",
      "CMS or custom functionality",
      "SEO-ready and fast on every device",
    ],
    to: paths.websiteDesign,
  },
  {
    icon: Code2,
    title: "Custom Web-Application Development",
    text: "Portals, dashboards and internal tools that replace spreadsheets and manual work, built to fit how your business runs.",
    points: ["Workflow automation", "Integrations with the tools you use", "Secure, scalable cloud hosting"],
    to: paths.webAppDevelopment,
  },
  {
    icon: Smartphone,
    title: "Cross-Platform Mobile Development",
    text: "iOS and Android apps from one React Native code base: native feel, shorter timelines and one team to maintain it.",
    points: [
      "App Store and Google Play releases",
      "Offline-friendly design",
      "Push notifications and analytics",
    ],
  },
  {
    icon: ClipboardList,
    title: "Project Management & Infrastructure Consulting",
    text: "Experienced guidance for your technology projects: planning, delivery, cloud architecture and infrastructure as code.",
    points: ["Technical road maps", "Cloud and DevOps with Terraform", "Vendor and delivery oversight"],
  },
  {
    icon: Share2,
    title: "Social Media & Content Marketing",
    text: "Content calendars, copy and visuals that grow an engaged audience and keep your brand front of mind.",
    points: ["Channel strategy", "Content creation", "Monthly reporting"],
  },
  {
    icon: Megaphone,
    title: "Paid Media Marketing",
    text: "Search and social campaigns with clear targets, careful budgets and landing pages built to convert.",
    points: ["Google and Meta campaigns", "Conversion tracking", "Landing-page optimisation"],
  },
] as const;

export default function Page() {
  return (
    <>
      <PageHeader
        title="Our Services"
        subtitle="Everything you need to plan, build, launch and grow your digital products, from one Cape Town team."
      />
      <section aria-labelledby="all-services" className="section">
        <div className="page-container">
          <h2 id="all-services" className="sr-only">
            All services
          </h2>
          <ul className="grid gap-8 md:grid-cols-2">
            {SERVICES.map((service) => {
              const Icon = service.icon;
              return (
                <li
                  key={service.title}
                  className="flex flex-col rounded-xl border border-slate-200 p-8 shadow-sm"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-soft text-brand">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-4 text-2xl font-semibold text-slate-900">{service.title}</h3>
                  <p className="mt-3 text-slate-700">{service.text}</p>
                  <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
                    {service.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                  {"to" in service ? (
                    <Link
                      to={service.to}
                      className="mt-6 inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                    >
                      Learn more<span className="sr-only"> about {service.title}</span>
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <CallToAction
        id="services-cta"
        title="Not Sure Where to Start?"
        text="Book a free consultation and we'll help you choose the right service for your goals and budget."
        linkLabel="Book an Appointment"
        to={paths.bookAppointment}
      />
    </>
  );
}

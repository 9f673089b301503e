import { ArrowRight } from "lucide-react";
import { services } from "#data/pages/services-copy.ts";
import { paths } from "#shared/paths.ts";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) => buildPageMeta("services", matches);

export default function Page() {
  return (
    <>
      <PageHeader
        tone="ink"
        eyebrow="What we do"
        title="Our Services"
        subtitle="Everything you need to plan, build, launch and grow your digital products, from one Cape Town team."
      />
      <Section id="all-services" title="All services" tone="plain" titleClassName="sr-only">
        <ul className="grid gap-8 md:grid-cols-2">
          {services.map((service) => {
            const Icon = service.icon;
            return (
              <li
                key={service.title}
                className="flex flex-col rounded-card border border-line p-8 shadow-card"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-control bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-2xl font-semibold text-ink">{service.title}</h3>
                <p className="mt-3 text-ink-soft">{service.text}</p>
                <ul className="mt-4 list-disc space-y-1 pl-5 text-ink-soft">
                  {service.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                {"to" in service ? (
                  <a
                    href={service.to}
                    className="mt-6 inline-flex items-center gap-2 font-semibold text-brand hover:underline"
                  >
                    Learn more<span className="sr-only"> about {service.title}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>
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

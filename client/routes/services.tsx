import { ArrowRight } from "lucide-react";
import { paths } from "#shared/paths.ts";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { buildPageMeta } from "#client/lib/seo.ts";
import type { Route } from "./+types/services";
import { loadPageCopyWithIcons } from "#client/lib/copy-icons.server.ts";
import { CopyIcon } from "#client/components/ui/copy-icon.tsx";
import { previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...buildPageMeta("services", matches),
  ...previewMeta(loaderData),
];

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPageCopyWithIcons(context, request, "services");

export const headers: Route.HeadersFunction = previewResponseHeaders;

/** Where a service's "Learn more" goes. */
const servicePaths = {
  "website-design": paths.websiteDesign,
  "web-app-development": paths.webAppDevelopment,
} as const;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { header, listTitle, services, cta } = loaderData.copy;
  return (
    <>
      <PageHeader tone="ink" {...header} />
      <Section id="all-services" title={listTitle} tone="plain" titleClassName="sr-only">
        <ul className="grid gap-8 md:grid-cols-2">
          {services.map((service, index) => {
            return (
              <li key={index} className="flex flex-col rounded-card border border-line p-8 shadow-card">
                <span className="inline-flex size-12 items-center justify-center rounded-control bg-brand-soft text-brand">
                  <CopyIcon name={service.icon} icons={loaderData.icons} className="size-6" />
                </span>
                <h3 className="mt-4 text-2xl font-semibold text-ink">{service.title}</h3>
                <p className="mt-3 text-ink-soft">{service.text}</p>
                <ul className="mt-4 list-disc space-y-1 pl-5 text-ink-soft">
                  {service.points.map((point, index) => (
                    <li key={index}>{point}</li>
                  ))}
                </ul>
                {service.link !== "none" ? (
                  <a
                    href={servicePaths[service.link]}
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
      <CallToAction id="services-cta" {...cta} to={paths.bookAppointment} />
    </>
  );
}

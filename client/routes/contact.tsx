import { Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { paths } from "#shared/paths.ts";
import { ClickToLoadMap } from "#client/components/content/click-to-load-map.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { loadPageCopy, previewMeta, previewResponseHeaders } from "#client/lib/page-copy.ts";
import { settingsFromMatches, useSiteSettings } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { organizationJsonLd } from "#client/lib/structured-data.ts";
import type { Route } from "./+types/contact";

export const loader = ({ context, request }: Route.LoaderArgs) => loadPageCopy(context, request, "contact");

export const headers: Route.HeadersFunction = previewResponseHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const settings = settingsFromMatches(matches);
  return [
    ...buildPageMeta("contact", matches, { jsonLd: settings ? [organizationJsonLd(settings)] : [] }),
    ...previewMeta(loaderData),
  ];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const settings = useSiteSettings();
  const { address } = settings;
  return (
    <>
      <PageHeader tone="paper" {...copy.header} />
      <section aria-label="Contact details" className="section">
        <div className="page-container grid gap-10 lg:grid-cols-2">
          <div className="space-y-6">
            <ContactCard icon={MapPin} title={copy.officeTitle}>
              <address className="text-lg text-ink-soft not-italic">
                {address.street}
                <br />
                {address.suburb}
                <br />
                {address.city} {address.postalCode}
                <br />
                {address.country}
              </address>
            </ContactCard>
            <ContactCard icon={Mail} title={copy.emailTitle}>
              <a href={`mailto:${settings.email}`} className="text-lg text-brand hover:underline">
                {settings.email}
              </a>
            </ContactCard>
            <ContactCard icon={Phone} title={copy.phoneTitle}>
              <a href={`tel:${settings.phone}`} className="text-lg text-brand hover:underline">
                {settings.phoneDisplay}
              </a>
              <p className="mt-1 text-ink-soft">{copy.hours}</p>
            </ContactCard>
            <p className="text-ink-soft">
              {copy.bookingPrompt}{" "}
              <a href={paths.bookAppointment} className="font-semibold text-brand hover:underline">
                {copy.bookingLink}
              </a>
              .
            </p>
          </div>
          <div>
            <h2 className="sr-only">Map</h2>
            <ClickToLoadMap
              embedUrl={settings.mapEmbedUrl}
              mapUrl={settings.mapUrl}
              label={`Map showing ${settings.brandName} at ${address.street}, ${address.city}`}
            />
          </div>
        </div>
      </section>
    </>
  );
}

function ContactCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-card p-6 shadow-card ring-1 ring-line">
      <h2 className="flex items-center gap-3 text-xl font-semibold text-ink">
        <Icon aria-hidden="true" className="size-6 text-brand" />
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </div>
  );
}

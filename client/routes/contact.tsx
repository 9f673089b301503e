import { Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { paths } from "#shared/paths.ts";
import { ClickToLoadMap } from "#client/components/content/click-to-load-map.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { settingsFromMatches, useSiteSettings } from "#client/lib/root-data.ts";
import { buildPageMeta } from "#client/lib/seo.ts";
import { organizationJsonLd } from "#client/lib/structured-data.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = settingsFromMatches(matches);
  return buildPageMeta("contact", matches, { jsonLd: settings ? [organizationJsonLd(settings)] : [] });
};

export default function Page() {
  const settings = useSiteSettings();
  const { address } = settings;
  return (
    <>
      <PageHeader
        tone="paper"
        eyebrow="Get in touch"
        title="Contact Us"
        subtitle="Tell us about your project. We reply to every enquiry within one business day."
      />
      <section aria-label="Contact details" className="section">
        <div className="page-container grid gap-10 lg:grid-cols-2">
          <div className="space-y-6">
            <ContactCard icon={MapPin} title="Our Office">
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
            <ContactCard icon={Mail} title="Email Us">
              <a href={`mailto:${settings.email}`} className="text-lg text-brand hover:underline">
                {settings.email}
              </a>
            </ContactCard>
            <ContactCard icon={Phone} title="Call Us">
              <a href={`tel:${settings.phone}`} className="text-lg text-brand hover:underline">
                {settings.phoneDisplay}
              </a>
              <p className="mt-1 text-ink-soft">Monday to Friday, 08:30 to 17:00</p>
            </ContactCard>
            <p className="text-ink-soft">
              Prefer to talk it through?{" "}
              <a href={paths.bookAppointment} className="font-semibold text-brand hover:underline">
                Book a free consultation
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

import { Mail, MapPin, Phone } from "lucide-react";
import { footerQuickLinks, footerServiceLinks, type NavItem } from "#shared/paths.ts";
import type { SiteSettings } from "#shared/site-settings.ts";
import { LinkedinIcon } from "#client/components/ui/linkedin-icon.tsx";

/** requirements §2 footer: quick links, service links, contact block, network link, copyright. */
export type SiteFooterProps = {
  settings: SiteSettings;
  /** Whether optional cookies exist (analytics configured): a button reopens the consent banner. */
  cookieSettings: boolean;
};

export function SiteFooter({ settings, cookieSettings }: SiteFooterProps) {
  const { address } = settings;
  return (
    <footer className="bg-inverse text-on-inverse-soft">
      <div className="page-container grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-on-inverse">{settings.brandName}</p>
          <p className="mt-3 text-sm text-on-inverse-soft">{settings.tagline}</p>
          <a
            href={settings.linkedinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-2 text-sm text-on-inverse-soft hover:text-on-inverse"
          >
            <LinkedinIcon />
            <span>
              LinkedIn<span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        </div>
        <FooterLinks heading="Quick Links" items={footerQuickLinks} />
        <FooterLinks heading="Services" items={footerServiceLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-on-inverse uppercase">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="size-5 shrink-0" />
              <span>
                {address.street}, {address.city}, {address.postalCode}, {address.country}
              </span>
            </p>
            <p>
              <a href={`mailto:${settings.email}`} className="flex gap-2 hover:text-on-inverse">
                <Mail aria-hidden="true" className="size-5 shrink-0" />
                {settings.email}
              </a>
            </p>
            <p>
              <a href={`tel:${settings.phone}`} className="flex gap-2 hover:text-on-inverse">
                <Phone aria-hidden="true" className="size-5 shrink-0" />
                {settings.phoneDisplay}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-inverse-line">
        <div className="page-container flex flex-wrap items-center justify-between gap-4 py-6 text-sm text-on-inverse-soft">
          <p>
            © {new Date().getFullYear()} {settings.brandName}. All rights reserved.
          </p>
          {cookieSettings ? (
            // Shown by the site script, which opens the banner: without it the button could do nothing.
            <button
              type="button"
              data-consent-open
              hidden
              className="min-h-11 underline hover:text-on-inverse"
            >
              Cookie settings
            </button>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ heading, items }: { heading: string; items: readonly NavItem[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-on-inverse uppercase">{heading}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.label}>
            <a href={item.to} className="hover:text-on-inverse hover:underline">
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { z } from "zod";

/**
 * Brand and contact facts shown across the site. One source: the server reads
 * overrides from the environment (server/platform/config.ts) and hands the result to the
 * browser through the root loader.
 */
export const siteSettingsSchema = z.object({
  brandName: z.string().min(1),
  /** Short line used in meta descriptions and the footer. */
  tagline: z.string().min(1),
  email: z.email(),
  /** E.164, used in tel: links. */
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/),
  /** How the phone number is written for people. */
  phoneDisplay: z.string().min(1),
  address: z.object({
    street: z.string().min(1),
    suburb: z.string().min(1),
    city: z.string().min(1),
    region: z.string().min(1),
    postalCode: z.string().min(1),
    country: z.string().min(1),
    countryCode: z.string().length(2),
  }),
  linkedinUrl: z.url(),
  /** Page opened in a new tab from the contact page. */
  mapUrl: z.url(),
  /** Embeddable map, loaded only when the visitor asks for it. */
  mapEmbedUrl: z.url(),
  /** Public origin of the site, for canonical URLs, the sitemap and e-mail links. */
  siteUrl: z.url(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const defaultSiteSettings: SiteSettings = {
  brandName: "Kloof Digital",
  tagline: "Web and mobile applications that help your business scale.",
  email: "hello@kloofdigital.co.za",
  phone: "+27215550123",
  phoneDisplay: "+27 21 555 0123",
  address: {
    street: "80 Bree Street",
    suburb: "Cape Town City Centre",
    city: "Cape Town",
    region: "Western Cape",
    postalCode: "8001",
    country: "South Africa",
    countryCode: "ZA",
  },
  linkedinUrl: "https://www.linkedin.com/company/kloof-digital",
  mapUrl: "https://www.google.com/maps/search/?api=1&query=80+Bree+Street+Cape+Town",
  mapEmbedUrl: "https://www.google.com/maps?q=80+Bree+Street+Cape+Town&output=embed",
  siteUrl: "http://localhost:3000",
};

export function formatPostalAddress(address: SiteSettings["address"]): string {
  return [address.street, address.city, address.postalCode, address.country].join(", ");
}

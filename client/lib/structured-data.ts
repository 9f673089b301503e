import type { SiteSettings } from "#shared/site-settings.ts";

/** schema.org ProfessionalService for the agency, with its Cape Town address (home and contact). */
export function organizationJsonLd(settings: SiteSettings): object {
  const { address } = settings;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: settings.brandName,
    description: settings.tagline,
    url: settings.siteUrl,
    logo: new URL("/favicon.svg", settings.siteUrl).href,
    email: settings.email,
    telephone: settings.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    areaServed: "ZA",
    sameAs: [settings.linkedinUrl],
  };
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList; each crumb's path becomes an absolute URL. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], settings: SiteSettings): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, settings.siteUrl).href,
    })),
  };
}

export type ArticleFacts = {
  title: string;
  description: string;
  path: string;
  image: string;
  datePublished: string;
  dateModified: string;
  author: string;
  section: string;
};

/** schema.org BlogPosting for a news article, published by the agency. */
export function blogPostingJsonLd(article: ArticleFacts, settings: SiteSettings): object {
  const url = new URL(article.path, settings.siteUrl).href;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    url,
    mainEntityOfPage: url,
    image: new URL(article.image, settings.siteUrl).href,
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    articleSection: article.section,
    author: { "@type": "Person", name: article.author },
    publisher: {
      "@type": "Organization",
      name: settings.brandName,
      logo: { "@type": "ImageObject", url: new URL("/favicon.svg", settings.siteUrl).href },
    },
  };
}

import { paths } from "./paths";

/**
 * Each page's search snippet (docs/decisions/040-search-snippets.md): the title search
 * results and link cards show ("Page - Brand"), and the description and image staff may
 * change. What each page ships with stays here, the default when nothing is saved.
 */
export type SnippetPageDefaults = {
  /** The page's name in its document title. */
  title: string;
  path: string;
  description: string;
};

export const snippetPages = {
  home: {
    title: "Home",
    path: paths.home,
    description:
      "Cape Town web and mobile app developers. We design, build and support websites and applications that help South African businesses grow and scale.",
  },
  about: {
    title: "About",
    path: paths.about,
    description:
      "Meet the Cape Town team behind our websites, web applications and mobile apps: our story, our values and why South African businesses choose us.",
  },
  services: {
    title: "Services",
    path: paths.services,
    description:
      "Website design, custom web applications, cross-platform mobile apps, project and infrastructure consulting, social media and paid media marketing from Cape Town.",
  },
  "website-design": {
    title: "Website Design",
    path: paths.websiteDesign,
    description:
      "Custom website design and development in Cape Town: branded, mobile-first, SEO-ready websites on a CMS your team can update. Request your website proposal.",
  },
  "web-app-development": {
    title: "Web App Development",
    path: paths.webAppDevelopment,
    description:
      "Custom web-application development in Cape Town: portals, dashboards and internal tools that automate manual work. Get your custom web-app proposal.",
  },
  projects: {
    title: "Projects",
    path: paths.projects,
    description:
      "Websites, web applications and mobile apps we have built for South African businesses, with the technologies behind them: React.js, Laravel, React Native and more.",
  },
  "case-studies": {
    title: "Case Studies",
    path: paths.caseStudies,
    description:
      "Case studies of the South African businesses we work with: what they do, and the websites, apps and systems we built and support for them.",
  },
  news: {
    title: "Tech News",
    path: paths.news,
    description:
      "Tech news and updates from our Cape Town team: web development, mobile apps, AI and practical advice for South African businesses going digital.",
  },
  contact: {
    title: "Contact",
    path: paths.contact,
    description:
      "Contact our Cape Town web and mobile development team by e-mail or phone, or visit our studio. We reply to every enquiry within one business day.",
  },
  "book-appointment": {
    title: "Book an Appointment",
    path: paths.bookAppointment,
    description:
      "Request a free consultation with our web and mobile development team. Pick a weekday and time that suits you and we will confirm within 24 hours.",
  },
  "privacy-policy": {
    title: "Privacy & Cookie Policy",
    path: paths.privacyPolicy,
    description:
      "How we collect, use and protect your personal information under POPIA, which cookies our website uses, and how to exercise your data-subject rights.",
  },
  "thank-you-website-design": {
    title: "Thank You",
    path: paths.thankYouWebsiteDesign,
    description:
      "Thank you for your website design enquiry. We will review your requirements within 24 hours and prepare a custom website proposal.",
  },
  "thank-you-web-app": {
    title: "Thank You",
    path: paths.thankYouWebApp,
    description:
      "Thank you for your web-app enquiry. We will review your requirements within 24 hours and prepare a custom proposal for your project.",
  },
} as const satisfies Record<string, SnippetPageDefaults>;

export type SnippetPage = keyof typeof snippetPages;
export const snippetPageNames = Object.keys(snippetPages) as SnippetPage[];

export function isSnippetPage(value: string): value is SnippetPage {
  return Object.hasOwn(snippetPages, value);
}

/**
 * The page whose snippet a path shows: the page at that path, or the one it is part of
 * (/projects/page/2 is the projects list). The longest path wins: /services/website-design
 * is its own page, not the services page.
 */
export function snippetPageAt(pathname: string): SnippetPage | undefined {
  let found: SnippetPage | undefined;
  for (const page of snippetPageNames) {
    const path = snippetPages[page].path;
    const within = pathname === path || (path !== "/" && pathname.startsWith(`${path}/`));
    if (within && (!found || path.length > snippetPages[found].path.length)) found = page;
  }
  return found;
}

/**
 * Where search engines cut what they show (about 155-160 characters of a description, 60
 * of a title): past these the form warns, as the cut text still reads on the page itself.
 */
export const snippetLengths = { descriptionCut: 160, titleCut: 60, descriptionMax: 300 } as const;

/** What a page's meta uses of a saved snippet: only the parts that were set. */
export type SnippetOverride = { description?: string; image?: string };

/** A page's snippet as its meta shows it: what it ships with, and what staff saved in its place. */
export type PageSnippet = SnippetPageDefaults & { page: SnippetPage; image?: string };

/** `page`'s snippet with staff's saved description and image, where they set one. */
export function resolvePageSnippet(page: SnippetPage, saved: SnippetOverride | undefined): PageSnippet {
  const { title, path, description } = snippetPages[page];
  return {
    page,
    title,
    path,
    description: saved?.description ?? description,
    ...(saved?.image ? { image: saved.image } : {}),
  };
}

/** Where a search result cuts a text: at the last word that fits, with an ellipsis. */
export function cutForSearch(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The document title search results show: "Page - Brand" (requirements §2), as client/lib/seo.ts builds it. */
export function snippetTitle(pageTitle: string, brandName: string): string {
  return `${pageTitle} - ${brandName}`;
}

/**
 * What a search engine will cut, in words for the form and the CLI; empty when nothing
 * is. No counts in them: the form reads them out as they appear, not at every key.
 */
export function snippetWarnings(snippet: { title: string; description: string }): string[] {
  const warnings: string[] = [];
  const { titleCut, descriptionCut } = snippetLengths;
  if (snippet.title.length > titleCut) {
    warnings.push(`The title is over ${titleCut} characters: search results will cut it short.`);
  }
  if (snippet.description.length > descriptionCut) {
    warnings.push(`The description is over ${descriptionCut} characters: search results will cut it short.`);
  }
  return warnings;
}

/** Where a visitor's appointment page lives, under its private token (never listed, never cached). */
export const appointmentManageBase = "/appointment/manage";

/** Whether a path is a visitor's appointment page (or under it). */
export const isAppointmentManagePath = (path: string) =>
  path.toLowerCase().startsWith(`${appointmentManageBase}/`);

/** Where each case study's own page lives, under its id. */
const caseStudyBase = "/case-study";

/** A list's page: the first at the list's own address, the others under /page/{n}. */
const listPage = (base: string, page: number) => (page <= 1 ? base : `${base}/page/${page}`);

/** Every URL of the site, built in one place (requirements §2). */
export const paths = {
  home: "/",
  about: "/about",
  services: "/services",
  websiteDesign: "/services/website-design",
  webAppDevelopment: "/services/web-app-development",
  projects: "/projects",
  caseStudies: "/case-studies",
  caseStudy: (id: string) => `${caseStudyBase}/${encodeURIComponent(id)}`,
  news: "/news",
  /** Page {n} of the projects or news list (requirements §2 lists, a page at a time). */
  projectsPage: (page: number) => listPage("/projects", page),
  newsPage: (page: number) => listPage("/news", page),
  /** The news of one category, by its slug (shared/slug.ts), page by page. */
  newsCategory: (categorySlug: string, page = 1) => listPage(`/news/category/${categorySlug}`, page),
  /** A news post's own page, for posts with a body. */
  newsArticle: (id: string) => `/news/${encodeURIComponent(id)}`,
  contact: "/contact",
  bookAppointment: "/book-appointment",
  privacyPolicy: "/privacy-policy",
  thankYouWebApp: "/thank-you-web-app",
  thankYouWebsiteDesign: "/thank-you-website-design",
  /** Reached from the newsletter e-mails, with ?token=. */
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  /** A visitor's private page to move or cancel their appointment, from the link in its e-mails. */
  appointmentManage: (token: string) => `${appointmentManageBase}/${encodeURIComponent(token)}`,
} as const;

/** Files for machines rather than people. */
export const machinePaths = {
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  /** The latest news as RSS 2.0, Atom and JSON Feed. */
  newsRss: "/news/rss.xml",
  newsAtom: "/news/atom.xml",
  newsJsonFeed: "/news/feed.json",
} as const;

/**
 * The pattern each page is routed at (client/routes.ts builds the router from these):
 * the fixed paths as they are, a case study or article under its `:id`, list pages under `:page`.
 */
export const routePatterns = {
  ...paths,
  caseStudy: `${caseStudyBase}/:id`,
  projectsPage: "/projects/page/:page",
  newsPage: "/news/page/:page",
  newsCategory: "/news/category/:category",
  /** Served by the same module as newsCategory; paths.newsCategory builds both. */
  newsCategoryPage: "/news/category/:category/page/:page",
  newsArticle: "/news/:id",
  appointmentManage: `${appointmentManageBase}/:token`,
  ...machinePaths,
} as const satisfies Record<keyof typeof paths | keyof typeof machinePaths | "newsCategoryPage", string>;

/** The JSON API (requirements §7 names): the forms post here when JavaScript runs. */
export const apiPaths = {
  websiteDesign: "/api/submit-website-design",
  webApp: "/api/submit-web-app",
  appointments: "/api/appointments",
  newsletter: "/api/newsletter",
  /** RFC 8058 one-click unsubscribe, with ?token=. */
  newsletterUnsubscribe: "/api/newsletter/unsubscribe",
} as const;

/**
 * The pages with a fixed address that search engines should list (the sitemap);
 * each case study adds its own. Thank-you and newsletter pages are left out.
 */
export const indexablePages = [
  paths.home,
  paths.about,
  paths.services,
  paths.websiteDesign,
  paths.webAppDevelopment,
  paths.projects,
  paths.caseStudies,
  paths.news,
  paths.contact,
  paths.bookAppointment,
  paths.privacyPolicy,
] as const;

export type NavItem = {
  label: string;
  to: string;
  /** Another path whose pages this item stands for, so it is highlighted there too. */
  alsoCurrentUnder?: string;
};

/** requirements §2: header navigation, in this order. */
export const mainNav: readonly NavItem[] = [
  { label: "Home", to: paths.home },
  { label: "Projects", to: paths.projects },
  { label: "News", to: paths.news },
  { label: "Case Studies", to: paths.caseStudies, alsoCurrentUnder: caseStudyBase },
  { label: "Services", to: paths.services },
  { label: "About", to: paths.about },
  { label: "Contact", to: paths.contact },
];

/** requirements §2: footer quick links. */
export const footerQuickLinks: readonly NavItem[] = [
  { label: "Home", to: paths.home },
  { label: "Projects", to: paths.projects },
  { label: "Tech News", to: paths.news },
  { label: "Case Studies", to: paths.caseStudies },
  { label: "About Us", to: paths.about },
  { label: "Privacy & Cookie Policy", to: paths.privacyPolicy },
];

/** requirements §2: footer service links; the last two point home by design. */
export const footerServiceLinks: readonly NavItem[] = [
  { label: "Website Design", to: paths.websiteDesign },
  { label: "Web App Development", to: paths.webAppDevelopment },
  { label: "UI/UX Design", to: paths.home },
  { label: "Software Maintenance", to: paths.home },
];

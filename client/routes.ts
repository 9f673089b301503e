import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { routePatterns } from "../shared/paths";

/**
 * SPEC §2: every route of the site. The paths come from shared/paths.ts; this file only
 * says which module serves each, and the type check fails if a path has none.
 */
const modules = {
  home: "routes/home.tsx",
  about: "routes/about.tsx",
  services: "routes/services.tsx",
  websiteDesign: "routes/website-design.tsx",
  webAppDevelopment: "routes/web-app-development.tsx",
  projects: "routes/projects.tsx",
  caseStudies: "routes/case-studies.tsx",
  caseStudy: "routes/case-study.tsx",
  news: "routes/news.tsx",
  contact: "routes/contact.tsx",
  bookAppointment: "routes/book-appointment.tsx",
  privacyPolicy: "routes/privacy-policy.tsx",
  thankYouWebApp: "routes/thank-you-web-app.tsx",
  thankYouWebsiteDesign: "routes/thank-you-website-design.tsx",
  newsletterConfirm: "routes/newsletter-confirm.tsx",
  newsletterUnsubscribe: "routes/newsletter-unsubscribe.tsx",
  sitemap: "routes/sitemap.ts",
  robots: "routes/robots.ts",
} as const satisfies Record<keyof typeof routePatterns, string>;

export default [
  ...(Object.keys(modules) as Array<keyof typeof modules>).map((name) => {
    const pattern = routePatterns[name];
    // React Router takes paths without the leading slash; "/" is the index route.
    return pattern === "/" ? index(modules[name]) : route(pattern.slice(1), modules[name]);
  }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

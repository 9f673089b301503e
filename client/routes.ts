import { index, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC §2: every route of the site. Paths mirror shared/paths.ts.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("services/website-design", "routes/website-design.tsx"),
  route("services/web-app-development", "routes/web-app-development.tsx"),
  route("projects", "routes/projects.tsx"),
  route("case-studies", "routes/case-studies.tsx"),
  route("case-study/:id", "routes/case-study.tsx"),
  route("news", "routes/news.tsx"),
  route("contact", "routes/contact.tsx"),
  route("book-appointment", "routes/book-appointment.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("thank-you-web-app", "routes/thank-you-web-app.tsx"),
  route("thank-you-website-design", "routes/thank-you-website-design.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { routePatterns } from "#shared/paths.ts";
import { staffPaths } from "#shared/staff-paths.ts";

/**
 * requirements §2: every route of the site. The paths come from shared/paths.ts; this file only
 * says which module serves each, and the type check fails if a path has none.
 */
const modules = {
  home: "routes/home.tsx",
  about: "routes/about.tsx",
  services: "routes/services.tsx",
  websiteDesign: "routes/website-design.tsx",
  webAppDevelopment: "routes/web-app-development.tsx",
  projects: "routes/projects.tsx",
  projectsPage: "routes/projects.tsx",
  caseStudies: "routes/case-studies.tsx",
  caseStudy: "routes/case-study.tsx",
  news: "routes/news.tsx",
  newsPage: "routes/news.tsx",
  newsCategory: "routes/news.tsx",
  newsCategoryPage: "routes/news.tsx",
  newsArticle: "routes/news-article.tsx",
  newsRss: "routes/news-feed.ts",
  newsAtom: "routes/news-feed.ts",
  newsJsonFeed: "routes/news-feed.ts",
  contact: "routes/contact.tsx",
  bookAppointment: "routes/book-appointment.tsx",
  privacyPolicy: "routes/privacy-policy.tsx",
  thankYouWebApp: "routes/thank-you-web-app.tsx",
  thankYouWebsiteDesign: "routes/thank-you-website-design.tsx",
  newsletterConfirm: "routes/newsletter-confirm.tsx",
  newsletterUnsubscribe: "routes/newsletter-unsubscribe.tsx",
  appointmentManage: "routes/appointment-manage.tsx",
  sitemap: "routes/sitemap.ts",
  robots: "routes/robots.ts",
} as const satisfies Record<keyof typeof routePatterns, string>;

const used = new Set<string>();

/** A workspace path as React Router takes it: without the leading slash. */
const admin = (pattern: string) => pattern.slice(1);

export default [
  ...(Object.keys(modules) as Array<keyof typeof modules>).map((name) => {
    const pattern = routePatterns[name];
    const file = modules[name];
    // A module that serves several paths (a list's further pages) needs an id for each but its first.
    const options = used.has(file) ? { id: name } : undefined;
    used.add(file);
    // React Router takes paths without the leading slash; "/" is the index route.
    if (pattern === "/") return index(file);
    return options ? route(pattern.slice(1), file, options) : route(pattern.slice(1), file);
  }),
  // The staff workspace (docs/decisions/028-staff-workspace-ui.md). Its pages sit in the
  // layout; sign-in and the invitation come before any session. Each area adds its lines.
  route(admin(staffPaths.signIn), "routes/admin/sign-in.tsx"),
  route(admin(staffPaths.invitation), "routes/admin/invitation.tsx"),
  layout("routes/admin/layout.tsx", [
    route(admin(staffPaths.home), "routes/admin/home.tsx"),
    route(admin(staffPaths.account), "routes/admin/account.tsx"),
    route(admin(staffPaths.leads), "routes/admin/leads.tsx"),
    route(admin(staffPaths.lead), "routes/admin/lead.tsx"),
    route(admin(staffPaths.meetings), "routes/admin/meetings.tsx"),
    route(admin(staffPaths.notifications), "routes/admin/notifications.tsx"),
    route(admin(staffPaths.users), "routes/admin/users.tsx"),
    route(admin(staffPaths.audit), "routes/admin/audit.tsx"),
    route(admin(staffPaths.settings), "routes/admin/settings.tsx"),
    route(admin(staffPaths.content), "routes/admin/content-list.tsx"),
    route(admin(staffPaths.contentNew), "routes/admin/content-edit.tsx", { id: "content-new" }),
    route(admin(staffPaths.contentEdit), "routes/admin/content-edit.tsx"),
    route(admin(staffPaths.screenshots), "routes/admin/screenshots.tsx"),
    route(admin(staffPaths.history), "routes/admin/history.tsx"),
    route(admin(staffPaths.search), "routes/admin/search.tsx"),
    route(admin(staffPaths.searchEdit), "routes/admin/search-edit.tsx"),
    route(admin(staffPaths.pages), "routes/admin/pages.tsx"),
    route(admin(staffPaths.pageCopy), "routes/admin/page-copy.tsx"),
    route(admin(staffPaths.insights), "routes/admin/insights.tsx"),
    route(`${admin(staffPaths.home)}/*`, "routes/admin/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

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
const workspace = (pattern: string) => pattern.slice(1);

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
  route(workspace(staffPaths.signIn), "routes/workspace/sign-in.tsx"),
  route(workspace(staffPaths.invitation), "routes/workspace/invitation.tsx"),
  layout("routes/workspace/layout.tsx", [
    route(workspace(staffPaths.overview), "routes/workspace/overview.tsx"),
    route(workspace(staffPaths.account), "routes/workspace/account.tsx"),
    route(workspace(staffPaths.leads), "routes/workspace/leads.tsx"),
    route(workspace(staffPaths.lead), "routes/workspace/lead.tsx"),
    route(workspace(staffPaths.meetings), "routes/workspace/meetings.tsx"),
    route(workspace(staffPaths.notifications), "routes/workspace/notifications.tsx"),
    route(workspace(staffPaths.users), "routes/workspace/users.tsx"),
    route(workspace(staffPaths.audit), "routes/workspace/audit.tsx"),
    route(workspace(staffPaths.settings), "routes/workspace/settings.tsx"),
    route(workspace(staffPaths.content), "routes/workspace/content-list.tsx"),
    route(workspace(staffPaths.contentNew), "routes/workspace/content-edit.tsx", { id: "content-new" }),
    route(workspace(staffPaths.contentEdit), "routes/workspace/content-edit.tsx"),
    route(workspace(staffPaths.screenshots), "routes/workspace/screenshots.tsx"),
    route(workspace(staffPaths.history), "routes/workspace/history.tsx"),
    route(workspace(staffPaths.snippets), "routes/workspace/snippets.tsx"),
    route(workspace(staffPaths.snippetEdit), "routes/workspace/snippet-edit.tsx"),
    route(workspace(staffPaths.pages), "routes/workspace/pages.tsx"),
    route(workspace(staffPaths.pageEdit), "routes/workspace/page-edit.tsx"),
    route(workspace(staffPaths.insights), "routes/workspace/insights.tsx"),
    route(`${workspace(staffPaths.overview)}/*`, "routes/workspace/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

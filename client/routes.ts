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

/** The workspace's pages inside its layout (docs/decisions/028-staff-workspace-ui.md), each path's module. */
const workspaceModules = {
  overview: "routes/workspace/overview.tsx",
  account: "routes/workspace/account.tsx",
  leads: "routes/workspace/leads.tsx",
  lead: "routes/workspace/lead.tsx",
  meetings: "routes/workspace/meetings.tsx",
  notifications: "routes/workspace/notifications.tsx",
  users: "routes/workspace/users.tsx",
  audit: "routes/workspace/audit.tsx",
  settings: "routes/workspace/settings.tsx",
  content: "routes/workspace/content-list.tsx",
  contentEdit: "routes/workspace/content-edit.tsx",
  contentNew: "routes/workspace/content-edit.tsx",
  screenshots: "routes/workspace/screenshots.tsx",
  history: "routes/workspace/history.tsx",
  snippets: "routes/workspace/snippets.tsx",
  snippetEdit: "routes/workspace/snippet-edit.tsx",
  pages: "routes/workspace/pages.tsx",
  pageEdit: "routes/workspace/page-edit.tsx",
  insights: "routes/workspace/insights.tsx",
} as const satisfies Partial<Record<keyof typeof staffPaths, string>>;

const used = new Set<string>();

/** Each path of `table` to its module; a module that serves several paths (a list's further pages) needs an id for each but its first. */
function routesOf<Name extends string>(table: Record<Name, string>, patterns: Record<NoInfer<Name>, string>) {
  return (Object.keys(table) as Name[]).map((name) => {
    const pattern = patterns[name];
    const file = table[name];
    const options = used.has(file) ? { id: name } : undefined;
    used.add(file);
    // React Router takes paths without the leading slash; "/" is the index route.
    if (pattern === "/") return index(file);
    return options ? route(pattern.slice(1), file, options) : route(pattern.slice(1), file);
  });
}

export default [
  ...routesOf(modules, routePatterns),
  // The staff workspace. Its pages sit in the layout; sign-in and the invitation come before any session.
  ...routesOf(
    { signIn: "routes/workspace/sign-in.tsx", invitation: "routes/workspace/invitation.tsx" },
    staffPaths,
  ),
  layout("routes/workspace/layout.tsx", [
    ...routesOf(workspaceModules, staffPaths),
    route(`${staffPaths.overview.slice(1)}/*`, "routes/workspace/not-found.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

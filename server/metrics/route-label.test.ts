import { describe, expect, it } from "vitest";
import { apiPaths, paths } from "#shared/paths.ts";
import { methodLabel, routeLabel, UNMATCHED_ROUTE } from "./route-label";

describe("the route label of the HTTP metrics", () => {
  it("names a page by the pattern it is routed at, never by its own path", () => {
    expect(routeLabel(paths.newsArticle("first-post"))).toBe("/news/:id");
    expect(routeLabel(paths.newsArticle("another-one"))).toBe("/news/:id");
    expect(routeLabel(paths.caseStudy("craft"))).toBe("/case-study/:id");
    expect(routeLabel(paths.newsPage(3))).toBe("/news/page/:page");
    expect(routeLabel(paths.projectsPage(2))).toBe("/projects/page/:page");
    expect(routeLabel(paths.newsCategory("ai"))).toBe("/news/category/:category");
    expect(routeLabel(paths.newsCategory("ai", 2))).toBe("/news/category/:category/page/:page");
  });

  it("keeps fixed paths as they are, the feeds before the article pattern they also fit", () => {
    for (const path of [
      "/",
      paths.about,
      paths.websiteDesign,
      "/news/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
    ])
      expect(routeLabel(path)).toBe(path);
    expect(routeLabel("/About/")).toBe("/about");
  });

  it("names the server's own endpoints, and files by their folder", () => {
    for (const path of [
      "/healthz",
      "/readyz",
      "/metrics",
      apiPaths.websiteDesign,
      apiPaths.newsletterUnsubscribe,
    ])
      expect(routeLabel(path)).toBe(path);
    expect(routeLabel("/assets/entry.client-AbC123.js")).toBe("/assets/*");
    expect(routeLabel("/uploads/screenshots/3f2a-640.webp")).toBe("/uploads/*");
    expect(routeLabel("/images/team/thandi.webp")).toBe("/images/*");
  });

  it("names client-side navigation's data requests after their page", () => {
    expect(routeLabel("/_root.data")).toBe("/_root.data");
    expect(routeLabel("/news/first-post.data")).toBe("/news/:id.data");
    expect(routeLabel("/wp-admin.data")).toBe(UNMATCHED_ROUTE);
  });

  it("puts everything else under one label, so probes add no series", () => {
    for (const path of [
      "/wp-admin",
      "/wp-login.php",
      "/no/such/page",
      "/news/a/b/c/d/e",
      "/api/unknown",
      "/.env",
      "/news//x",
    ])
      expect(routeLabel(path), path).toBe(UNMATCHED_ROUTE);
  });

  it("keeps the methods the site answers and folds the rest", () => {
    expect(["GET", "HEAD", "POST", "PUT", "DELETE", "PROPFIND"].map(methodLabel)).toEqual([
      "GET",
      "HEAD",
      "POST",
      "OTHER",
      "OTHER",
      "OTHER",
    ]);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertContent, listContent, setContentStatus } from "#server/db/content-items.ts";
import { newsPosts } from "#data/seed-news.ts";
import { projects } from "#data/seed-projects.ts";
import type { NewsPost, Project } from "#shared/content-types.ts";
import { machinePaths, paths } from "#shared/paths.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { expectSucceeded } from "#tests/support/cli-expectations.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

/**
 * News that publishes (docs/decisions/021-news-that-publishes.md): article pages, list
 * pages a page at a time, categories, feeds and the sitemap, on the production build and
 * each database engine, with the database doing the ordering and cutting.
 */

let site: TestApp;
let files: string;
/** Posts added here, newest (position 1) first, after the three built-in ones. */
const extraPosts = 27;

const image = { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 };
const body = (n: number) =>
  `## Section ${n}\n\nParagraph ${n} with a [link](/contact) and <script>alert("post ${n}")</script>.\n\n- one\n- two\n`;

function post(n: number, category: string): NewsPost {
  return {
    id: `post-${n}`,
    title: `Post number ${n}`,
    excerpt: `Excerpt of post ${n}.`,
    content: body(n),
    image,
    date: "2026-01-15",
    author: "Thandiwe Mokoena",
    category,
  };
}

beforeAll(async () => {
  site = await createTestApp({ SITE_URL: "https://www.example.co.za" }, { pageCacheRevisionCheckMs: 1_000 });
  files = mkdtempSync(path.join(tmpdir(), "news-files-"));
  for (let n = 1; n <= extraPosts; n++) {
    // News is newest first: each new post goes to the top, as `news add` puts it.
    await insertContent(site.db, "news", post(n, n % 3 === 0 ? "Cloud" : "Web Development"), {
      status: "published",
      position: 1,
    });
  }
  // Twenty more projects than the nine built in: three pages of twelve.
  for (let n = 1; n <= 20; n++) {
    const project: Project = { ...projects[0]!, id: `project-${n}`, title: `Project ${n}` };
    await insertContent(site.db, "projects", project, { status: "published" });
  }
});

afterAll(async () => {
  await site.cleanup();
  rmSync(files, { recursive: true, force: true });
});

const get = (url: string) => request(site.app).get(url);
const articlesOn = (html: string) =>
  [...html.matchAll(/<article\b[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
const linkHref = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];

describe("the news list, a page at a time", () => {
  const total = extraPosts + newsPosts.length; // 30: pages of 12, 12 and 6

  it("shows the featured post and eleven more on the first page, with links to the next", async () => {
    const res = await get(paths.news).expect(200);
    const titles = articlesOn(res.text);
    expect(titles).toHaveLength(12);
    expect(titles[0]).toBe("Post number 27");
    expect(res.text).toContain('id="featured-article"');
    expect(linkHref(res.text, "canonical")).toBe("https://www.example.co.za/news");
    expect(linkHref(res.text, "next")).toBe("https://www.example.co.za/news/page/2");
    expect(linkHref(res.text, "prev")).toBeUndefined();
    expect(res.text).toContain(`href="${paths.newsPage(3)}"`);
  });

  it("sends no article bodies, only the excerpts it shows", async () => {
    const res = await get(paths.news).expect(200);
    expect(res.text).toContain("Excerpt of post 27.");
    expect(res.text).not.toContain("Paragraph 27");
    expect(res.text).not.toContain(newsPosts[0]!.content!.slice(0, 60));
  });

  it("shows later pages without the featured card, canonical and linked both ways", async () => {
    const second = await get(paths.newsPage(2)).expect(200);
    expect(articlesOn(second.text)).toHaveLength(12);
    expect(articlesOn(second.text)[0]).toBe("Post number 15");
    expect(second.text).not.toContain('id="featured-article"');
    expect(linkHref(second.text, "canonical")).toBe("https://www.example.co.za/news/page/2");
    expect(linkHref(second.text, "prev")).toBe("https://www.example.co.za/news");
    expect(linkHref(second.text, "next")).toBe("https://www.example.co.za/news/page/3");
    const last = await get(paths.newsPage(3)).expect(200);
    expect(articlesOn(last.text)).toHaveLength(total - 24);
    expect(linkHref(last.text, "next")).toBeUndefined();
    expect(last.text).toMatch(/<title>Tech News \(page 3\) - /);
  });

  it("answers 404 with the 404 page for pages that are not there, and moves /page/1 to the list", async () => {
    for (const url of [
      "/news/page/4",
      "/news/page/0",
      "/news/page/two",
      "/news/page/-1",
      "/news/page/99999999",
    ]) {
      const res = await get(url).expect(404);
      expect(res.text).toContain(`data-missed-path="${url}"`);
      expect(res.text).toContain(`<title>${url} - `);
    }
    await get("/news/page/1").expect(301).expect("Location", paths.news);
  });

  it("filters by category, with pages of its own", async () => {
    const cloud = await get(paths.newsCategory("cloud")).expect(200);
    const titles = articlesOn(cloud.text);
    expect(titles).toHaveLength(9);
    expect(titles.every((title) => Number(/\d+/.exec(title ?? "")?.[0]) % 3 === 0)).toBe(true);
    expect(cloud.text).toMatch(/aria-current="page"[^>]*>Cloud</);
    expect(linkHref(cloud.text, "canonical")).toBe("https://www.example.co.za/news/category/cloud");
    const web = await get(paths.newsCategory("web-development", 2)).expect(200);
    expect(linkHref(web.text, "prev")).toBe("https://www.example.co.za/news/category/web-development");
    await get(paths.newsCategory("no-such-category")).expect(404);
    await get(paths.newsCategory("cloud", 2)).expect(404);
  });
});

describe("an article's page", () => {
  it("renders the body from Markdown with the page's meta, structured data and neighbours", async () => {
    const res = await get(paths.newsArticle("post-5")).expect(200);
    expect(res.text).toMatch(/<h1[^>]*>Post number 5<\/h1>/);
    expect(res.text).toContain('<h2 id="section-5">');
    expect(res.text).toContain('<a href="/contact">link</a>');
    // Raw HTML in a body is shown as text, never run.
    expect(res.text).toContain("&lt;script&gt;alert(");
    expect(res.text).not.toContain('<script>alert("post 5")');
    expect(res.text).toContain("1 min read");
    expect(linkHref(res.text, "canonical")).toBe("https://www.example.co.za/news/post-5");
    expect(res.text).toContain('<meta property="og:type" content="article"/>');
    expect(res.text).toContain('"@type":"BlogPosting"');
    expect(res.text).toContain('"@type":"BreadcrumbList"');
    expect(res.text).toContain(`href="${paths.newsArticle("post-6")}"`);
    expect(res.text).toContain(`href="${paths.newsArticle("post-4")}"`);
    expect(res.text).toContain(`href="${paths.contact}"`);
    expect(res.text).toContain('rel="alternate" type="application/rss+xml"');
  });

  it("is kept by the page cache and follows an edit within a second", async () => {
    await get(paths.newsArticle("post-7")).expect(200);
    const kept = await get(paths.newsArticle("post-7")).expect(200);
    expect(kept.headers["x-page-cache"]).toBe("hit");
    expect((await cli(site, "news", "edit", "post-7", "--title", "Post seven, edited")).code).toBe(0);
    // The server's own revision check (once a second), with room for a busy machine.
    await until(
      async () => (await get(paths.newsArticle("post-7"))).text.includes("Post seven, edited"),
      2_500,
      "the edited title on the kept article page",
    );
  });

  it("answers 404 for a draft or an unknown id, and a post without a body keeps its outside link", async () => {
    await setContentStatus(site.db, "news", "post-8", "draft");
    await get(paths.newsArticle("post-8")).expect(404);
    const missing = await get(paths.newsArticle("no-such-post")).expect(404);
    expect(missing.text).toContain("Oops! Page not found");
    const { id: _id, content: _content, ...rest } = post(99, "Cloud");
    const linkOnly = { ...rest, id: "link-only", article_link: "https://blog.example.co.za/post" };
    await insertContent(site.db, "news", linkOnly, { status: "published", position: 1 });
    await get(paths.newsArticle("link-only")).expect(404);
    const list = await get(paths.news).expect(200);
    expect(list.text).toMatch(
      /href="https:\/\/blog\.example\.co\.za\/post" target="_blank" rel="noopener noreferrer"/,
    );
    await setContentStatus(site.db, "news", "post-8", "published");
  });
});

describe("the feeds", () => {
  it("RSS 2.0 and Atom parse, with the latest twenty posts and their fields", async () => {
    for (const [url, type] of [
      [machinePaths.newsRss, "application/rss\\+xml"],
      [machinePaths.newsAtom, "application/atom\\+xml"],
    ] as const) {
      const res = await get(url).expect(200).expect("Content-Type", new RegExp(type));
      const feed = parseFeed(res.text);
      expect(feed.title).toContain("Tech News");
      expect(feed.items).toHaveLength(20);
      const [first] = feed.items;
      const newest = (await listContent(site.db, "news"))[0]!.item;
      expect(first?.title).toBe(newest.title);
      // An article links to its page here; a post without a body to its article link.
      expect(first?.url).toBe(
        newest.content ? `https://www.example.co.za/news/${newest.id}` : newest.article_link,
      );
      const withBody = feed.items.find((item) => item.title === "Post number 20");
      expect(withBody?.url).toBe("https://www.example.co.za/news/post-20");
      expect(withBody?.content).toContain('<h2 id="section-20">');
      expect(first?.description).toBe(newest.excerpt);
      // Midnight of the post's day in Cape Town.
      expect(first?.published?.getTime()).toBe(Date.parse(`${newest.date}T00:00:00+02:00`));
    }
  });

  it("JSON Feed 1.1 has the same posts", async () => {
    const res = await get(machinePaths.newsJsonFeed)
      .expect(200)
      .expect("Content-Type", /application\/feed\+json/);
    const feed = JSON.parse(res.text) as {
      version: string;
      items: Array<{ id: string; url: string; title: string }>;
    };
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(feed.items).toHaveLength(20);
    const titles = feed.items.map((item) => item.title);
    expect(titles).toContain("Post number 20");
    expect(feed.items.find((item) => item.title === "Post number 20")?.url).toBe(
      "https://www.example.co.za/news/post-20",
    );
  });
});

describe("the sitemap", () => {
  it("lists every published article with its last change, and no draft or link-only post", async () => {
    await setContentStatus(site.db, "news", "post-9", "draft");
    const res = await get(machinePaths.sitemap).expect(200);
    const published = (await listContent(site.db, "news")).filter(
      (record) => record.item.content !== undefined,
    );
    for (const record of published) {
      expect(res.text).toContain(
        `<url><loc>https://www.example.co.za/news/${record.id}</loc><lastmod>${record.updatedAt}</lastmod></url>`,
      );
    }
    expect(res.text).not.toContain("/news/post-9<");
    expect(res.text).not.toContain("/news/link-only<");
    await setContentStatus(site.db, "news", "post-9", "published");
  });
});

describe("the projects list, a page at a time", () => {
  it("shows twelve projects a page, with real links to the others", async () => {
    const first = await get(paths.projects).expect(200);
    expect(first.text.match(/View Details/g)).toHaveLength(12);
    expect(linkHref(first.text, "next")).toBe("https://www.example.co.za/projects/page/2");
    const third = await get(paths.projectsPage(3)).expect(200);
    expect(third.text.match(/View Details/g)).toHaveLength(29 - 24);
    expect(linkHref(third.text, "canonical")).toBe("https://www.example.co.za/projects/page/3");
    await get(paths.projectsPage(4)).expect(404);
  });
});

describe("the admin CLI's news commands", () => {
  it("adds an article from --body-file, uploading the images it names, and shows its URL", async () => {
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0f766e" } })
      .png()
      .toFile(path.join(files, "diagram.png"));
    await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#1d4ed8" } })
      .png()
      .toFile(path.join(files, "cover.png"));
    writeFileSync(
      path.join(files, "article.md"),
      "## How it works\n\n![The booking flow, step by step](diagram.png)\n\nThe end.\n",
    );
    const added = await cli(
      site,
      "news",
      "add",
      "--title",
      "A diagram explained",
      "--excerpt",
      "Short.",
      "--body-file",
      path.join(files, "article.md"),
      "--author",
      "Aisha Davids",
      "--category",
      "Cloud",
      "--image",
      path.join(files, "cover.png"),
      "--image-alt",
      "A blue cover with the article's title",
    );
    expectSucceeded(added);
    const page = await get(paths.newsArticle("a-diagram-explained")).expect(200);
    expect(page.text).toMatch(
      /<picture><source type="image\/avif" srcset="\/uploads\/content\/[0-9a-f]{16}-768\.avif/,
    );
    expect(page.text).toMatch(
      /<img src="\/uploads\/content\/[0-9a-f]{16}-1536\.webp" width="1536" height="864" alt="The booking flow, step by step"/,
    );
    const shown = await cli(site, "news", "show", "a-diagram-explained");
    expect(shown.stdout).toMatch(/url:\s+https:\/\/www\.example\.co\.za\/news\/a-diagram-explained/);
  });

  it("refuses a body image without alt text, and an id that names a news page", async () => {
    const cover = ["--image", path.join(files, "cover.png"), "--image-alt", "A blue cover"];
    writeFileSync(path.join(files, "no-alt.md"), "![](diagram.png)\n");
    const noAlt = await cli(
      site,
      "news",
      "add",
      "--title",
      "No alt",
      "--excerpt",
      "x",
      "--body-file",
      path.join(files, "no-alt.md"),
      "--author",
      "A",
      "--category",
      "Cloud",
      ...cover,
    );
    expect(noAlt.code).toBe(1);
    expect(noAlt.stderr).toMatch(/needs alt text/);
    const reserved = await cli(
      site,
      "news",
      "add",
      "--id",
      "page",
      "--title",
      "Page",
      "--excerpt",
      "x",
      "--content",
      "Body.",
      "--author",
      "A",
      "--category",
      "Cloud",
      ...cover,
    );
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toMatch(/--id: must not be one of page/);
  });
});

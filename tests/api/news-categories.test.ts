import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { findContent, insertContent } from "#server/db/content-items.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import { newsPosts } from "#data/seed-news.ts";
import type { BodyImage, NewsPost } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * News categories as a list (docs/decisions/043-news-form-and-categories.md): seeded from
 * the posts' categories, one per name whatever its case, renamed in every post and page at
 * once with the old address redirecting, and removed only when no post is filed under it;
 * the same rules from the workspace and `site-admin content categories`.
 */
let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
let files: string;
/** A cover image file for the CLI, and the same uploaded as the workspace's form does. */
let coverFile: string;
let uploadedCover: BodyImage;

const api = "/admin/api";
const get = (url: string) => request(site.app).get(url);

function post(n: number, category: string): NewsPost {
  return {
    id: `category-post-${n}`,
    title: `Category post ${n}`,
    excerpt: `Excerpt ${n}.`,
    content: `Body ${n}.`,
    image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
    date: "2026-03-04",
    author: "Lindiwe Khumalo",
    category,
  };
}

beforeAll(async () => {
  site = await createTestApp();
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
  files = mkdtempSync(path.join(tmpdir(), "news-categories-"));
  coverFile = path.join(files, "cover.png");
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#0f6b64" } })
    .png()
    .toFile(coverFile);
  const uploaded = await editor.upload(
    `${api}/uploads/news?field=image&alt=${encodeURIComponent("A green cover")}`,
    await sharp(coverFile).toBuffer(),
  );
  uploadedCover = uploaded.body.image as BodyImage;
  for (const n of [1, 2, 3]) await insertContent(site.db, "news", post(n, "Cloud"), { status: "published" });
  await insertContent(site.db, "news", post(4, "Cloud"), { status: "draft" });
});
afterAll(async () => {
  await site.cleanup();
  rmSync(files, { recursive: true, force: true });
});

const names = async () =>
  ((await editor.get(`${api}/news-categories`)).body.categories as Array<{ name: string }>).map(
    (c) => c.name,
  );

describe("the list of news categories", () => {
  it("starts with the categories the posts use, each once, with its posts counted", async () => {
    const listed = await editor.get(`${api}/news-categories`);
    expect(listed.status).toBe(200);
    const seeded = [...new Set(newsPosts.map((item) => item.category))];
    for (const name of seeded) expect(await names()).toContain(name);
    expect(listed.body.categories).toContainEqual({ name: "Cloud", slug: "cloud", posts: 4 });
    const cli = await runCliOn(site, "content", "categories", "list", "--json");
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(listed.body.categories);
  });

  it("adds a category, and refuses one differing only in case, an empty one and a hostile one", async () => {
    const added = await editor.post(`${api}/news-categories`, { name: "  Mobile Apps " });
    expect(added.status).toBe(201);
    expect(added.body.category).toEqual({ name: "Mobile Apps", slug: "mobile-apps", posts: 0 });

    const twice = await editor.post(`${api}/news-categories`, { name: "mobile apps" });
    expect(twice.status).toBe(409);
    expect(twice.body.fieldErrors.name).toBe("There is a category “Mobile Apps” already.");
    const sameAddress = await editor.post(`${api}/news-categories`, { name: "Mobile-Apps!" });
    expect(sameAddress.status).toBe(409);
    expect(sameAddress.body.fieldErrors.name).toMatch(/same address as “Mobile Apps”/);
    const empty = await editor.post(`${api}/news-categories`, { name: " \u200b " });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.name).toBe("The category name is required.");
    const long = await editor.post(`${api}/news-categories`, { name: "x".repeat(61) });
    expect(long.body.fieldErrors.name).toMatch(/at most 60 characters/);
    const bidi = await editor.post(`${api}/news-categories`, { name: "Evil\u202egnp" });
    expect(bidi.body.fieldErrors.name).toMatch(/not allowed/);

    const cliTwice = await runCliOn(site, "content", "categories", "add", "MOBILE APPS");
    expect(cliTwice.code).toBe(1);
    expect(cliTwice.stderr).toMatch(/There is a category “Mobile Apps” already/);
    expect((await names()).filter((name) => name.toLowerCase() === "mobile apps")).toHaveLength(1);
  });

  it("is for editors and admins only, with the session's CSRF token", async () => {
    expect((await sales.get(`${api}/news-categories`)).status).toBe(403);
    expect((await sales.post(`${api}/news-categories`, { name: "Sales Tips" })).status).toBe(403);
    const noToken = await request(site.app)
      .post(`${api}/news-categories`)
      .set("Cookie", editor.cookie)
      .set("Origin", new URL(site.config.settings.siteUrl).origin)
      .send({ name: "Sneaky" });
    expect(noToken.status).toBe(403);
    expect(await names()).not.toContain("Sneaky");
  });
});

describe("a post's category", () => {
  it("is one from the list in the workspace, spelt as the list spells it", async () => {
    const fields = (category: string) => ({
      title: "Categories in practice",
      excerpt: "Short.",
      content: "Body.",
      author: "Lindiwe Khumalo",
      category,
      image: uploadedCover,
      image_alt: "A green cover",
    });
    const unknown = await editor.post(`${api}/content/news`, { fields: fields("Gardening") });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors.category).toBe(
      "“Gardening” is not on the list of categories. Choose one, or add it first.",
    );
    expect(await names()).not.toContain("Gardening");
    const lower = await editor.post(`${api}/content/news`, { fields: fields("mobile apps") });
    expect(lower.status).toBe(201);
    expect(lower.body.record.item.category).toBe("Mobile Apps");
  });

  it("joins the list when new on the command line, matched regardless of case", async () => {
    const add = (title: string, category: string) =>
      runCliOn(
        site,
        ...["news", "add", "--title", title, "--excerpt", "x", "--content", "y", "--author", "A"],
        ...["--category", category, "--image", coverFile, "--image-alt", "A green cover"],
      );
    expect((await add("Garden one", "Garden Tech")).code).toBe(0);
    expect((await add("Garden two", "GARDEN TECH")).code).toBe(0);
    expect((await findContent(site.db, "news", "garden-two"))?.item.category).toBe("Garden Tech");
    expect((await names()).filter((name) => name.toLowerCase() === "garden tech")).toEqual(["Garden Tech"]);
  });
});

describe("renaming a category", () => {
  it("renames it in every post, draft or published, and its page follows, the old address redirecting", async () => {
    expect((await get(paths.newsCategory("cloud"))).status).toBe(200);
    const revision = await readContentRevision(site.db);
    const renamed = await editor.post(`${api}/news-categories/rename`, {
      name: "cloud",
      newName: "Cloud Computing",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.category).toMatchObject({
      name: "Cloud Computing",
      slug: "cloud-computing",
      posts: 4,
    });
    expect(await readContentRevision(site.db)).toBeGreaterThan(revision);

    for (const n of [1, 2, 3, 4]) {
      const record = await findContent(site.db, "news", `category-post-${n}`);
      expect(record?.item.category).toBe("Cloud Computing");
      const row = await site.db
        .selectFrom("content_items")
        .select(["category", "document"])
        .where("kind", "=", "news")
        .where("id", "=", `category-post-${n}`)
        .executeTakeFirstOrThrow();
      expect(row.category).toBe("Cloud Computing");
      expect(JSON.parse(row.document).category).toBe("Cloud Computing");
    }
    expect(await names()).not.toContain("Cloud");

    const page = await get(paths.newsCategory("cloud-computing"));
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/aria-current="page"[^>]*>Cloud Computing</);
    expect(page.text).toContain("Category post 1");
    const article = await get(paths.newsArticle("category-post-1"));
    expect(article.text).toContain(`href="${paths.newsCategory("cloud-computing")}"`);
    await get(paths.newsCategory("cloud"))
      .expect(301)
      .expect("Location", paths.newsCategory("cloud-computing"));

    // Renamed again, the first address skips straight to the newest.
    const cli = await runCliOn(site, "content", "categories", "rename", "Cloud Computing", "Cloud Hosting");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/Renamed the category to “Cloud Hosting” in 4 news posts/);
    await get(paths.newsCategory("cloud"))
      .expect(301)
      .expect("Location", paths.newsCategory("cloud-hosting"));
    await get(paths.newsCategory("cloud-computing"))
      .expect(301)
      .expect("Location", paths.newsCategory("cloud-hosting"));

    const audit = (await listAudit(site.db, { limit: 50 })).filter(
      (e) => e.action === "news-category.rename",
    );
    expect(audit.map((entry) => entry.detail)).toContainEqual({
      from: "Cloud",
      to: "Cloud Computing",
      posts: 4,
    });
    expect(audit.find((entry) => entry.detail?.from === "Cloud")?.actor).toBe(editor.email);
  });

  it("may change only its case, but not take another category's name or address", async () => {
    const recased = await editor.post(`${api}/news-categories/rename`, {
      name: "garden tech",
      newName: "Garden TECH",
    });
    expect(recased.status).toBe(200);
    expect((await findContent(site.db, "news", "garden-one"))?.item.category).toBe("Garden TECH");
    const taken = await editor.post(`${api}/news-categories/rename`, {
      name: "Garden TECH",
      newName: "mobile apps",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors.newName).toBe("There is a category “Mobile Apps” already.");
    const unknown = await editor.post(`${api}/news-categories/rename`, { name: "Nope", newName: "Yes" });
    expect(unknown.status).toBe(404);
    expect((await findContent(site.db, "news", "garden-one"))?.item.category).toBe("Garden TECH");
  });
});

describe("removing a category", () => {
  it("is refused while a post is filed under it, and done once none is", async () => {
    const inUse = await editor.post(`${api}/news-categories/remove`, { name: "Cloud Hosting" });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe(
      "4 news posts are filed under “Cloud Hosting”: move them to another category first, or rename the category instead.",
    );
    expect(await names()).toContain("Cloud Hosting");
    const cli = await runCliOn(site, "content", "categories", "remove", "cloud hosting");
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/4 news posts are filed under/);

    const added = await runCliOn(site, "content", "categories", "add", "Unused Topic");
    expect(added.code).toBe(0);
    const removed = await editor.post(`${api}/news-categories/remove`, { name: "unused topic" });
    expect(removed.status).toBe(200);
    expect(await names()).not.toContain("Unused Topic");
    const again = await runCliOn(site, "content", "categories", "remove", "Unused Topic");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/There is no news category “Unused Topic”/);
  });
});

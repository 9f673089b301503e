import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertContent } from "#server/db/content-items.ts";
import type { NewsPost } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * An article that first appeared elsewhere (a body and an outside link) says where, under
 * its body: "Originally published at <host>", a link that opens in a new tab and says so.
 * One with a body only says nothing of the kind; one with a link only has no page.
 */
let site: TestApp;

const base: Omit<NewsPost, "id" | "title"> = {
  excerpt: "An excerpt.",
  image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
  date: "2026-11-26",
  author: "Sipho Ndlovu",
  category: "Featured",
};

beforeAll(async () => {
  site = await createTestApp();
  const add = (post: NewsPost) => insertContent(site.db, "news", post, { status: "published" });
  await add({
    ...base,
    id: "body-and-link",
    title: "Body and link",
    content: "The whole article, here too.",
    article_link: "https://www.techcentral.co.za/agency-launch/",
  });
  await add({ ...base, id: "body-only", title: "Body only", content: "Only here." });
  await add({ ...base, id: "link-only", title: "Link only", article_link: "https://example.org/elsewhere" });
});
afterAll(() => site.cleanup());

const article = async (id: string) => request(site.app).get(paths.newsArticle(id));
const originalLink = (html: string) =>
  // React marks where the text and the link meet with an empty comment.
  /Originally published at(?:<!-- -->)? <a href="([^"]+)" target="_blank" rel="noopener noreferrer"[^>]*>([^<]+)<svg[\s\S]*?<span class="sr-only">([^<]+)<\/span><\/a>/.exec(
    html,
  );

describe("an article's original place of publication", () => {
  it("is named under the body of an article with both a body and a link, in a new tab that says so", async () => {
    const page = await article("body-and-link");
    expect(page.status).toBe(200);
    const link = originalLink(page.text);
    expect(link?.slice(1)).toEqual([
      "https://www.techcentral.co.za/agency-launch/",
      "techcentral.co.za",
      " (opens in a new tab)",
    ]);
    // Below the article's text, not before it.
    expect(page.text.indexOf("Originally published at")).toBeGreaterThan(
      page.text.indexOf("The whole article, here too."),
    );
    expect(page.text).toContain("26 Nov 2026");
  });

  it("is not there for an article with a body only, and a link-only post has no page", async () => {
    const page = await article("body-only");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Originally published at");
    expect((await article("link-only")).status).toBe(404);
  });
});

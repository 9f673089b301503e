import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import { findRevision, listRevisions } from "#server/db/history.ts";
import { savePageSnippet } from "#server/operations/snippets/snippets.ts";
import type { Image } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { snippetPages } from "#shared/snippet-pages.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Each page's search snippet from the workspace and the CLI: a saved description and
 * social image reach the page's meta at once (the page cache drops its old copy), every
 * save keeps a revision and an audit entry, and only editors and admins may save.
 */
let site: TestApp;
let editor: StaffClient;
let admin: StaffClient;
let sales: StaffClient;
let photo: Buffer;

beforeAll(async () => {
  site = await createTestApp();
  editor = await signInAs(site, "editor");
  admin = await signInAs(site, "admin");
  sales = await signInAs(site, "sales");
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
});
afterAll(() => site.cleanup());

const api = "/admin/api";
const get = (url: string) => request(site.app).get(url);

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** The content of a <meta> in the page's head, by its name or property, its entities read back. */
function metaOf(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*(?:name|property)="${key}"[^>]*>`).exec(html)?.[0];
  const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
  return content?.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_all, name: string) => entities[name] ?? "");
}

function uploadImage(client: StaffClient, bytes: Buffer) {
  return client.upload(`${api}/snippets/images`, bytes);
}

describe("a page's snippet saved in the workspace", () => {
  it("shows in the page's meta at once, with its image as an absolute 1200×630 link card", async () => {
    const before = await get(paths.about).expect(200);
    expect(metaOf(before.text, "description")).toBe(snippetPages.about.description);
    // The second request is the page cache's copy; the save must drop it.
    expect((await get(paths.about)).headers["x-page-cache"]).toBe("hit");
    const revision = await readContentRevision(site.db);

    const uploaded = await uploadImage(editor, photo);
    expect(uploaded.status).toBe(201);
    const image = uploaded.body.image as Image;
    expect(image).toMatchObject({ width: 1200, height: 630 });
    expect(image.src).toMatch(/^\/uploads\/content\/[0-9a-f]{16}-1200\.webp$/);

    const description = "Who we are: a Cape Town studio of designers and engineers — Ndlovu & Ngcobo's team.";
    const saved = await editor.post(`${api}/snippets/about`, { description, image });
    expect(saved.status).toBe(200);
    expect(saved.body.snippet).toMatchObject({ page: "about", description, image: { src: image.src } });
    expect(await readContentRevision(site.db)).toBeGreaterThan(revision);

    // The cached copy went with the save: the cache now answers with the new one.
    await get(paths.about).expect(200);
    const after = await get(paths.about).expect(200);
    expect(after.headers["x-page-cache"]).toBe("hit");
    expect(metaOf(after.text, "description")).toBe(description);
    expect(metaOf(after.text, "og:description")).toBe(description);
    const absolute = new URL(image.src, site.config.settings.siteUrl).href;
    expect(metaOf(after.text, "og:image")).toBe(absolute);
    expect(metaOf(after.text, "twitter:image")).toBe(absolute);
    // The title keeps the "Page - Brand" rule.
    expect(after.text).toContain(`<title>About - ${escapeHtml(site.config.settings.brandName)}</title>`);
    const file = await get(image.src).expect(200);
    expect((await sharp(file.body as Buffer).metadata()).width).toBe(1200);

    // Other pages keep their own.
    const home = (await get(paths.home)).text;
    expect(metaOf(home, "description")).toBe(snippetPages.home.description);

    const revisions = await listRevisions(site.db, "snippet:about");
    expect(revisions[0]).toMatchObject({ actor: editor.email, document: { description, image } });
    const audit = (await listAudit(site.db, { limit: 50 })).filter(
      (entry) => entry.action === "snippet.save",
    );
    expect(audit[0]).toMatchObject({ actor: editor.email, target: "about" });
  });

  it("goes back to the page's own description when emptied, and lists every page with what shows", async () => {
    const saved = await admin.post(`${api}/snippets/services`, { description: "Short and sweet." });
    expect(saved.status).toBe(200);
    expect(metaOf((await get(paths.services)).text, "description")).toBe("Short and sweet.");
    expect((await admin.post(`${api}/snippets/services`, { description: "" })).status).toBe(200);
    expect(metaOf((await get(paths.services)).text, "description")).toBe(snippetPages.services.description);

    const listed = await editor.get(`${api}/snippets`).expect(200);
    const pages = listed.body.pages as Array<{ page: string; description: string; saved: object }>;
    expect(pages.map((row) => row.page)).toEqual(Object.keys(snippetPages));
    expect(pages.find((row) => row.page === "services")).toMatchObject({
      description: snippetPages.services.description,
      saved: {},
    });
  });

  it("applies to a list's later pages too, which are the same page", async () => {
    const description = "Every project we have shipped for South African businesses, newest first.";
    expect((await editor.post(`${api}/snippets/projects`, { description })).status).toBe(200);
    expect(metaOf((await get(paths.projects)).text, "description")).toBe(description);
  });
});

describe("restoring a page's snippet", () => {
  it("is saving an earlier revision's document again, itself a new revision with its note", async () => {
    const first = await editor.post(`${api}/snippets/book-appointment`, { description: "First wording." });
    const firstRevision = first.body.revision as number;
    await editor.post(`${api}/snippets/book-appointment`, { description: "Second wording." });
    expect(metaOf((await get(paths.bookAppointment)).text, "description")).toBe("Second wording.");

    const earlier = await findRevision(site.db, "snippet:book-appointment", firstRevision);
    const note = `Restored revision ${firstRevision}`;
    const restored = await savePageSnippet(
      {
        db: site.db,
        config: site.config,
        actor: { actor: admin.email, ip: "127.0.0.1" },
        now: () => new Date(),
      },
      "book-appointment",
      earlier?.document,
      { note },
    );
    expect(restored.ok).toBe(true);
    expect(metaOf((await get(paths.bookAppointment)).text, "description")).toBe("First wording.");
    const [newest] = await listRevisions(site.db, "snippet:book-appointment");
    expect(newest).toMatchObject({ note, actor: admin.email, document: { description: "First wording." } });
  });
});

describe("what a snippet refuses", () => {
  it("refuses a description past 300 characters with the field's message, the page unchanged", async () => {
    const before = metaOf((await get(paths.contact)).text, "description");
    const refused = await editor.post(`${api}/snippets/contact`, { description: "x".repeat(301) });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      description: "The description must be at most 300 characters.",
    });
    expect(metaOf((await get(paths.contact)).text, "description")).toBe(before);
    expect(await listRevisions(site.db, "snippet:contact")).toEqual([]);
  });

  it("stores markup as text the page escapes, and cleans invisible characters", async () => {
    const saved = await editor.post(`${api}/snippets/contact`, {
      description: '<script>alert(1)</script> "quoted"\u200B\nnext line',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.snippet.description).toBe('<script>alert(1)</script> "quoted" next line');
    const html = (await get(paths.contact)).text;
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(metaOf(html, "description")).toBe('<script>alert(1)</script> "quoted" next line');
  });

  it("refuses an image not uploaded here, and an unknown page", async () => {
    const outside = { src: "/images/social/home.png", width: 1200, height: 630 };
    const refused = await editor.post(`${api}/snippets/home`, { image: outside });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.image).toMatch(/uploaded in the workspace/);
    expect((await editor.post(`${api}/snippets/admin`, { description: "x" })).status).toBe(404);
  });

  it("lets editors and admins save, and refuses sales and visitors", async () => {
    expect((await sales.get(`${api}/snippets`)).status).toBe(403);
    expect((await sales.post(`${api}/snippets/home`, { description: "Sales wrote this." })).status).toBe(403);
    expect((await request(site.app).get(`${api}/snippets`)).status).toBe(401);
    expect(metaOf((await get(paths.home)).text, "description")).not.toBe("Sales wrote this.");
    // No CSRF token: refused even for an editor.
    const forged = await request(site.app)
      .post(`${api}/snippets/home`)
      .set("Cookie", editor.cookie)
      .set("Origin", new URL(site.config.settings.siteUrl).origin)
      .send({ description: "Forged." });
    expect(forged.status).toBe(403);
  });
});

describe("a content item's own snippet", () => {
  it("replaces a news article's description and image in its page's meta", async () => {
    const cover = await editor.upload(
      `${api}/uploads/news?field=image&alt=${encodeURIComponent("A ferry at the quay")}`,
      photo,
    );
    const social = await editor.upload(`${api}/uploads/news?field=social_image`, photo);
    expect(social.status).toBe(201);
    expect(social.body.image).toMatchObject({ width: 1200, height: 630 });
    const fields = {
      title: "Harbour Ferry Goes Live",
      excerpt: "Tickets on the phone, scanned at the gate.",
      author: "Pieter van der Merwe",
      category: "Featured",
      image: cover.body.image as Image,
      image_alt: "A ferry at the quay",
      content: "## What we built\n\nA ticket app.",
      meta_description: "How a ferry company sells every ticket on the phone.",
      social_image: social.body.image as Image,
    };
    const created = await editor.post(`${api}/content/news`, { fields, status: "published" });
    expect(created.status).toBe(201);
    const id = created.body.record.id as string;
    const html = (await get(paths.newsArticle(id)).expect(200)).text;
    expect(metaOf(html, "description")).toBe(fields.meta_description);
    expect(metaOf(html, "og:image")).toBe(
      new URL(fields.social_image.src, site.config.settings.siteUrl).href,
    );
    // The list shows the post, not its page's snippet: the list's page carries none of it.
    const list = (await get(paths.news)).text;
    expect(list).toContain(fields.title);
    expect(list).not.toContain(fields.meta_description);

    const tooLong = await editor.post(`${api}/content/news/${id}`, {
      fields: { meta_description: "y".repeat(301) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.meta_description).toMatch(/at most 300 characters/);
  });

  it("keeps an image's files while a page's snippet shows it, after the item that uploaded it goes", async () => {
    const social = await editor.upload(
      `${api}/uploads/news?field=social_image`,
      await sharp({ create: { width: 1300, height: 700, channels: 3, background: "#7c3aed" } })
        .png()
        .toBuffer(),
    );
    const image = social.body.image as Image;
    const created = await editor.post(`${api}/content/news`, {
      fields: {
        title: "Shared Picture",
        excerpt: "One picture, two places.",
        author: "Thandi Nkosi",
        category: "Featured",
        image,
        image_alt: "A purple square",
        article_link: "https://example.com/shared",
        social_image: image,
      },
    });
    expect(created.status).toBe(201);
    expect((await editor.post(`${api}/snippets/news`, { image })).status).toBe(200);
    expect((await editor.delete(`${api}/content/news/${created.body.record.id as string}`)).status).toBe(204);
    await get(image.src).expect(200);
  });

  it("keeps a case study's own sentence when it has none", async () => {
    const listed = await editor.get(`${api}/content/case-studies`).expect(200);
    const id = (listed.body.items as Array<{ id: string }>)[0]?.id ?? "";
    const before = metaOf((await get(paths.caseStudy(id))).text, "description");
    expect(before).toMatch(/^How we helped /);
    const changed = await editor.post(`${api}/content/case-studies/${id}`, {
      fields: { meta_description: "The platform we build and run for this client." },
    });
    expect(changed.status).toBe(200);
    expect(metaOf((await get(paths.caseStudy(id))).text, "description")).toBe(
      "The platform we build and run for this client.",
    );
  });
});

describe("site-admin snippets", () => {
  it("lists every page, and sets a description and image from the command line", async () => {
    const listed = await runCliOn(site, "snippets", "list", "--json");
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ page: string; warnings: string[] }>;
    expect(rows.map((row) => row.page)).toEqual(Object.keys(snippetPages));

    const long = `${"Custom web apps for Cape Town businesses. ".repeat(4)}`.trim();
    const set = await runCliOn(site, "snippets", "set", "web-app-development", "--description", long);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain("Saved the search snippet of web-app-development");
    expect(set.stdout).toContain(
      "Warning: The description is over 160 characters: search results will cut it short.",
    );
    expect(metaOf((await get(paths.webAppDevelopment)).text, "description")).toBe(long);
    const revisions = await listRevisions(site.db, "snippet:web-app-development");
    expect(revisions[0]?.actor).toMatch(/^cli:/);

    const refused = await runCliOn(site, "snippets", "set", "nowhere", "--description", "x");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("unknown page nowhere");
    const tooLong = await runCliOn(site, "snippets", "set", "home", "--description", "z".repeat(301));
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain("at most 300 characters");
  });
});

describe("the search snippets' old address", () => {
  it("sends /admin/search and each page's editor there for good to /admin/snippets, the query kept", async () => {
    const list = await get("/admin/search");
    expect(list.status).toBe(301);
    expect(list.headers.location).toBe("/admin/snippets");
    const edit = await get("/admin/search/about?from=mail&x=1");
    expect(edit.status).toBe(301);
    expect(edit.headers.location).toBe("/admin/snippets/about?from=mail&x=1");
    const head = await request(site.app).head("/admin/search/home");
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe("/admin/snippets/home");
    // A neighbour that only starts with the same letters is not the old page.
    expect((await get("/admin/searching")).status).not.toBe(301);
  });

  it("serves the list and a page's editor at the new address", async () => {
    const list = await editor.get("/admin/snippets");
    expect(list.status).toBe(200);
    const edit = await editor.get("/admin/snippets/about");
    expect(edit.status).toBe(200);
  });
});

import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderArticle } from "#server/content/article-markdown.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import { listAudit } from "#server/db/audit-log.ts";
import type { BodyImage } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Projects, news, case studies and screenshots from the workspace: each change through the
 * API runs the CLI's operation, shows on the public pages at once, and is audited with the
 * member of staff; only editors and admins may make them.
 */
let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
let origin: string;
let png: Buffer;
/** A news post's image, uploaded as the workspace's form does before saving. */
let newsImage: BodyImage;

beforeAll(async () => {
  site = await createTestApp();
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
  origin = new URL(site.config.settings.siteUrl).origin;
  png = await sharp({ create: { width: 1400, height: 875, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const uploaded = await editor.upload(
    `${api}/uploads/news?field=image&alt=A%20ferry%20at%20the%20quay`,
    png,
  );
  newsImage = uploaded.body.image as BodyImage;
});
afterAll(() => site.cleanup());

const api = "/admin/api";
const page = async (url: string) => (await request(site.app).get(url)).text;

async function auditFor(target: string) {
  return (await listAudit(site.db, { limit: 200 })).filter((entry) => entry.target === target);
}

const newsFields = () => ({
  title: "Harbour Ferry Goes Live",
  excerpt: "Tickets on the phone, scanned at the gate.",
  author: "Pieter van der Merwe",
  category: "Featured",
  image: newsImage,
  image_alt: "A ferry at the quay",
  content: "## What we built\n\nA ticket app. <script>alert(1)</script>",
});

describe("a news post made in the workspace", () => {
  it("is a draft off the public pages, shows once published, follows an edit, and goes when unpublished", async () => {
    const revision = await readContentRevision(site.db);
    const created = await editor.post(`${api}/content/news`, { fields: newsFields() });
    expect(created.body).toMatchObject({ record: { status: "draft" } });
    expect(created.status).toBe(201);
    const id = created.body.record.id as string;
    expect(id).toBe("harbour-ferry-goes-live");
    expect(created.body.record).toMatchObject({ status: "draft", position: 1 });
    expect(await readContentRevision(site.db)).toBeGreaterThan(revision);
    expect((await request(site.app).get(paths.newsArticle(id))).status).toBe(404);
    expect(await page(paths.news)).not.toContain("Harbour Ferry Goes Live");

    const listed = await editor.get(`${api}/content/news`);
    expect(listed.body.items[0]).toMatchObject({
      id,
      status: "draft",
      position: 1,
      title: newsFields().title,
    });

    expect((await editor.post(`${api}/content/news/${id}/publish`)).status).toBe(200);
    const article = await page(paths.newsArticle(id));
    expect(article).toContain("Harbour Ferry Goes Live");
    expect(article).not.toContain("<script>alert(1)</script>");
    expect(await page(paths.news)).toContain("Harbour Ferry Goes Live");

    const edited = await editor.post(`${api}/content/news/${id}`, {
      fields: { title: "Harbour Ferry Sails" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.record.item).toMatchObject({
      title: "Harbour Ferry Sails",
      excerpt: newsFields().excerpt,
    });
    expect(await page(paths.newsArticle(id))).toContain("Harbour Ferry Sails");

    const one = await editor.get(`${api}/content/news/${id}`);
    expect(one.body.record.item).toMatchObject({
      content: newsFields().content,
      author: newsFields().author,
    });

    expect((await editor.post(`${api}/content/news/${id}/unpublish`)).status).toBe(200);
    expect((await request(site.app).get(paths.newsArticle(id))).status).toBe(404);
    expect(await page(paths.news)).not.toContain("Harbour Ferry Sails");

    const actions = (await auditFor(`news/${id}`)).map((entry) => entry.action).reverse();
    expect(actions).toEqual(["content.create", "content.publish", "content.update", "content.unpublish"]);
    for (const entry of await auditFor(`news/${id}`)) {
      expect(entry.actor).toBe(editor.email);
      expect(entry.ip).not.toBe("cli");
    }

    expect((await editor.delete(`${api}/content/news/${id}`)).status).toBe(204);
    expect((await editor.get(`${api}/content/news/${id}`)).status).toBe(404);
    expect((await auditFor(`news/${id}`))[0]?.action).toBe("content.remove");
  });

  it("takes an article body as long as the site allows, in any script", async () => {
    // 50,000 characters of three bytes each in UTF-8: 150 KB of JSON.
    const content = "港の渡し船が動き出した。\n".repeat(4_000).slice(0, 50_000);
    // An image of its own: removing the post before this one took its files with it.
    const image = (await editor.upload(`${api}/uploads/news?field=image&alt=A%20ferry`, png)).body
      .image as BodyImage;
    const created = await editor.post(`${api}/content/news`, {
      fields: { ...newsFields(), image, title: "A Long Article", content },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const one = await editor.get(`${api}/content/news/${created.body.record.id as string}`);
    expect(one.body.record.item.content).toBe(content.trim());
    const tooLong = await editor.post(`${api}/content/news`, {
      fields: { ...newsFields(), image, title: "Longer Still", content: `${content}x` },
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.fieldErrors)).toEqual(["content"]);
  });

  it("refuses invalid fields with a message per field, changing nothing", async () => {
    const before = (await editor.get(`${api}/content/projects`)).body.items.length as number;
    const revision = await readContentRevision(site.db);
    const response = await editor.post(`${api}/content/projects`, {
      fields: { title: "", description: "x", details_link: "javascript:alert(1)", tags: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(response.body.fieldErrors).toMatchObject({
      title: "Title is required.",
      details_link: "Link to the live project must be an https:// or http:// link.",
    });
    expect(response.body.fieldErrors.tags).toMatch(/at least one tag/);
    expect((await editor.get(`${api}/content/projects`)).body.items).toHaveLength(before);
    expect(await readContentRevision(site.db)).toBe(revision);
  });

  it("names the id by what it is for when it is taken or malformed: a web address, a project's short name", async () => {
    const revision = await readContentRevision(site.db);
    // The seeded case study "craft" and project "klipkop-wine-shop" hold these already.
    const study = await editor.post(`${api}/content/case-studies`, {
      fields: { id: "craft", title: "Another Craft" },
      status: "draft",
    });
    expect(study.status).toBe(400);
    expect(study.body.fieldErrors.id).toBe("Another case study has the web address craft. Choose another.");
    const project = await editor.post(`${api}/content/projects`, {
      fields: { id: "klipkop-wine-shop", title: "Klipkop Again", description: "x", tags: ["Web"] },
      status: "draft",
    });
    expect(project.status).toBe(400);
    expect(project.body.fieldErrors.id).toBe(
      "Another project has the short name klipkop-wine-shop. Choose another.",
    );
    const malformed = await editor.post(`${api}/content/news`, {
      fields: { ...newsFields(), id: "Not A Slug" },
      status: "draft",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors.id).toMatch(/^The web address /);
    expect(await readContentRevision(site.db)).toBe(revision);
  });

  it("refuses an image that was not uploaded here, and never reads a path it is sent", async () => {
    const [first] = (await editor.get(`${api}/content/projects`)).body.items as Array<{ id: string }>;
    const path = await editor.post(`${api}/content/projects/${first?.id}`, {
      fields: { image: "/etc/passwd" },
    });
    expect(path.status).toBe(400);
    expect(path.body.fieldErrors.image).toBeDefined();
    const forged = await editor.post(`${api}/content/projects/${first?.id}`, {
      fields: { image: { src: "/uploads/content/0123456789abcdef-960.webp", width: 960, height: 600 } },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fieldErrors.image).toMatch(/not an image uploaded here/);
    const body = await editor.post(`${api}/content/news`, {
      fields: { ...newsFields(), title: "Reads A File", content: "![a secret](../../../etc/hosts)" },
    });
    expect(body.status).toBe(400);
    expect(body.body.fieldErrors.content).toMatch(/not uploaded/);
  });

  it("answers 404 for an unknown id or kind", async () => {
    expect((await editor.get(`${api}/content/news/no-such-post`)).status).toBe(404);
    expect((await editor.post(`${api}/content/news/no-such-post/publish`)).status).toBe(404);
    expect((await editor.post(`${api}/content/news/no-such-post`, { fields: { title: "x" } })).status).toBe(
      404,
    );
    expect((await editor.delete(`${api}/content/news/no-such-post`)).status).toBe(404);
    expect((await editor.get(`${api}/content/recipes`)).status).toBe(404);
  });
});

describe("reordering", () => {
  it("moves a project and the public list follows", async () => {
    const items = (await editor.get(`${api}/content/projects`)).body.items as Array<{
      id: string;
      title: string;
    }>;
    const last = items[items.length - 1];
    if (!last) throw new Error("no projects");
    const moved = await editor.post(`${api}/content/projects/${last.id}/move`, { position: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.record.position).toBe(1);
    const after = (await editor.get(`${api}/content/projects`)).body.items as Array<{ id: string }>;
    expect(after[0]?.id).toBe(last.id);
    const html = await page(paths.projects);
    const at = (title: string) => html.indexOf(title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
    expect(at(last.title)).toBeGreaterThan(-1);
    expect(at(last.title)).toBeLessThan(at(items[0]?.title ?? ""));
    expect((await auditFor(`projects/${last.id}`))[0]).toMatchObject({
      action: "content.move",
      actor: editor.email,
    });
    const invalid = await editor.post(`${api}/content/projects/${last.id}/move`, { position: 0 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors.position).toMatch(/whole number/);
  });
});

describe("the same change from the CLI", () => {
  it("is audited as cli:<account> from cli", async () => {
    const [first] = (await editor.get(`${api}/content/case-studies`)).body.items as Array<{ id: string }>;
    const run = await runCliOn(site, "case-studies", "move", first?.id ?? "", "--position", "2");
    expect(run.code).toBe(0);
    const [entry] = await auditFor(`case-studies/${first?.id}`);
    expect(entry).toMatchObject({ action: "content.move", ip: "cli", detail: { from: 1, to: 2 } });
    expect(entry?.actor).toMatch(/^cli:.+/);
  });
});

describe("the Markdown preview", () => {
  it("renders as the article page does, and shows hostile HTML as text", async () => {
    const markdown =
      '# Title\n\nSome **bold** <img src=x onerror="alert(1)"> and [a link](javascript:alert(1)).';
    const response = await editor.post(`${api}/content/preview`, { markdown });
    expect(response.status).toBe(200);
    expect(response.body.html).toBe(renderArticle(markdown, { origin: site.config.settings.siteUrl }).html);
    expect(response.body.html).not.toMatch(/<img|<script|href="javascript/);
    expect(response.body.html).toContain("&lt;img");
    expect(response.body.html).toContain("<strong>bold</strong>");
  });

  it("shows only images uploaded here", async () => {
    const src = "/uploads/content/0123456789abcdef-768.webp";
    const foreign = {
      src,
      width: 768,
      height: 432,
      sources: [{ type: "image/webp", srcset: "https://elsewhere.example/x.webp 768w" }],
    };
    const response = await editor.post(`${api}/content/preview`, {
      markdown: `![A chart](${src})`,
      bodyImages: [foreign],
    });
    expect(response.status).toBe(200);
    expect(response.body.html).not.toContain("elsewhere.example");
    expect(response.body.html).not.toContain("<img");
  });
});

describe("image uploads", () => {
  it("converts an image to AVIF and WebP under /uploads, and a post can show it", async () => {
    const uploaded = await editor.upload(
      `${api}/uploads/news?field=image&alt=A%20ferry%20at%20the%20quay`,
      png,
    );
    expect(uploaded.status).toBe(201);
    const image = uploaded.body.image as BodyImage;
    expect(uploaded.body.alt).toBe("A ferry at the quay");
    expect(image.src).toMatch(/^\/uploads\/content\/[0-9a-f]{16}-1280\.webp$/);
    expect(image.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    const file = await request(site.app).get(image.src);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const avif = image.sources[0]?.srcset.split(" ")[0] ?? "";
    expect((await request(site.app).get(avif)).headers["content-type"]).toBe("image/avif");

    const inBody = await editor.upload(`${api}/uploads/news?field=body&alt=The%20gate%20scanner`, png);
    expect(inBody.status).toBe(201);
    const bodyImage = inBody.body.image as BodyImage;
    const created = await editor.post(`${api}/content/news`, {
      status: "published",
      fields: {
        ...newsFields(),
        title: "Ferry Pictures",
        image,
        image_alt: uploaded.body.alt,
        content: `Look:\n\n![The gate scanner](${bodyImage.src})`,
        body_images: [bodyImage],
      },
    });
    expect(created.status).toBe(201);
    const article = await page(paths.newsArticle("ferry-pictures"));
    expect(article).toContain(bodyImage.src);
    expect(article).toContain('alt="The gate scanner"');
    expect(await page(paths.news)).toContain(image.src);
  });

  it("refuses a file that is not an image, whatever it claims, and stores nothing", async () => {
    const countFiles = async () =>
      site.config.databaseUrl
        ? Number(
            (
              await site.db
                .selectFrom("uploaded_files")
                .select((eb) => eb.fn.countAll<number>().as("count"))
                .executeTakeFirstOrThrow()
            ).count,
          )
        : (await import("node:fs")).readdirSync(`${site.config.dataDir}/uploads/content`).length;
    const before = await countFiles();
    const text = await editor.upload(
      `${api}/uploads/projects?field=image&alt=A%20dashboard`,
      Buffer.from("hello\n"),
    );
    expect(text.status).toBe(400);
    expect(text.body.fieldErrors.file).toMatch(/not a PNG, JPEG, WebP or AVIF image/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asSvg = await editor.upload(
      `${api}/uploads/projects?field=image&alt=A%20dashboard`,
      svg,
      "image/svg+xml",
    );
    expect(asSvg.status).toBe(400);
    expect(await countFiles()).toBe(before);
  });

  it("refuses a file over the limit, and an upload without alt text", async () => {
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await editor.upload(`${api}/uploads/projects?field=image&alt=A%20dashboard`, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.fieldErrors.file).toMatch(/10 MB/);
    const noAlt = await editor.upload(`${api}/uploads/projects?field=image`, png);
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fieldErrors.alt).toMatch(/Alt text is required/);
    const fileName = await editor.upload(`${api}/uploads/projects?field=image&alt=shot.png`, png);
    expect(fileName.status).toBe(400);
    expect(fileName.body.fieldErrors.alt).toMatch(/describe what the image shows/);
  });
});

describe("screenshots", () => {
  it("are uploaded, moved and removed, and the service page follows", async () => {
    const added = await editor.upload(
      `${api}/screenshots?page=website-design&alt=The%20booking%20portal%27s%20home%20page`,
      png,
    );
    expect(added.status).toBe(201);
    const shot = added.body.screenshot as { id: number; position: number; imageUrl: string };
    expect(shot.position).toBe(1);
    expect(await page(paths.websiteDesign)).toContain(shot.imageUrl);

    const listed = await editor.get(`${api}/screenshots`);
    const websiteDesign = (
      listed.body.pages as Array<{ page: string; screenshots: Array<{ id: number }> }>
    ).find((entry) => entry.page === "website-design");
    expect(websiteDesign?.screenshots.map((entry) => entry.id)).toEqual([shot.id]);

    const moved = await editor.post(`${api}/screenshots/${shot.id}/move`, { position: 3 });
    expect(moved.status).toBe(200);
    expect(moved.body.screenshot.position).toBe(3);
    // A position the form cannot take is refused in the form's words, not the CLI's.
    const positionSentence = "Position must be a whole number from 1 to 20.";
    for (const position of [0, "", "first", 2.5, 21]) {
      const refused = await editor.post(`${api}/screenshots/${shot.id}/move`, { position });
      expect(refused.status, String(position)).toBe(400);
      expect(refused.body, String(position)).toEqual({
        error: positionSentence,
        fieldErrors: { position: positionSentence },
      });
    }
    const badPlace = await editor.upload(
      `${api}/screenshots?page=website-design&position=0&alt=A%20view`,
      png,
    );
    expect(badPlace.status).toBe(400);
    expect(badPlace.body.fieldErrors).toEqual({ position: positionSentence });

    const noAlt = await editor.upload(`${api}/screenshots?page=website-design`, png);
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.fieldErrors.alt).toBeDefined();
    const taken = await editor.upload(
      `${api}/screenshots?page=website-design&position=3&alt=Another%20view`,
      png,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors.position).toMatch(/taken/);

    expect((await editor.delete(`${api}/screenshots/${shot.id}`)).status).toBe(204);
    expect(await page(paths.websiteDesign)).not.toContain(shot.imageUrl);
    expect((await editor.delete(`${api}/screenshots/${shot.id}`)).status).toBe(404);

    const actions = (await auditFor(`screenshots/${shot.id}`)).map((entry) => entry.action).reverse();
    expect(actions).toEqual(["screenshot.add", "screenshot.move", "screenshot.remove"]);
    expect((await auditFor(`screenshots/${shot.id}`)).every((entry) => entry.actor === editor.email)).toBe(
      true,
    );
  });
});

describe("who may use it", () => {
  const routes: Array<[method: "get" | "post" | "delete", path: string]> = [
    ["get", "/content/projects"],
    ["get", "/content/projects/clinic-booking-app"],
    ["post", "/content/projects"],
    ["post", "/content/projects/x"],
    ["post", "/content/projects/x/publish"],
    ["post", "/content/projects/x/unpublish"],
    ["post", "/content/projects/x/move"],
    ["delete", "/content/projects/x"],
    ["post", "/content/preview"],
    ["post", "/uploads/projects"],
    ["get", "/screenshots"],
    ["post", "/screenshots"],
    ["post", "/screenshots/1/move"],
    ["delete", "/screenshots/1"],
  ];

  it("answers 403 to a sales member and 401 without a session on every route", async () => {
    for (const [method, path] of routes) {
      expect((await sales[method](`${api}${path}`)).status, `${method} ${path}`).toBe(403);
      const anonymous = request(site.app)[method](`${api}${path}`).set("Origin", origin);
      expect((await anonymous).status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuses a change without the CSRF token, changing nothing", async () => {
    const audited = (await listAudit(site.db, { limit: 500 })).length;
    const revision = await readContentRevision(site.db);
    for (const [method, path] of routes.filter(([method]) => method !== "get")) {
      const agent = request(site.app);
      const call = method === "post" ? agent.post(`${api}${path}`) : agent.delete(`${api}${path}`);
      const response = await call.set("Cookie", editor.cookie).set("Origin", origin).send({ position: 1 });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await listAudit(site.db, { limit: 500 })).length).toBe(audited);
    expect(await readContentRevision(site.db)).toBe(revision);
  });
});

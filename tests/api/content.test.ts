import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentKind, ContentRecord } from "#server/db/content-items.ts";
import { createUploadStore } from "#server/files/uploaded-files.ts";
import { UPLOADS_URL_PATH } from "#server/platform/uploads.ts";
import { caseStudies } from "#data/seed-case-studies.ts";
import { newsPosts } from "#data/seed-news.ts";
import { projects } from "#data/seed-projects.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn as cli, type CliRun as Run } from "#tests/support/cli.ts";
import { expectSucceeded } from "#tests/support/cli-expectations.ts";
import { addNewsArguments } from "#tests/support/cli-arguments.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Projects, news and case studies managed with the admin CLI (issue: content without a
 * release): every command against the real database of a running app, and what a visitor
 * then gets from the pages and the sitemap, without a restart.
 */

let site: TestApp;
let files: string;
/** The image file an edit replaced, which the project's history still names. */
let replacedImage = "";

beforeAll(async () => {
  site = await createTestApp();
  files = mkdtempSync(path.join(tmpdir(), "content-files-"));
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } });
  await solid(1200, 750).png().toFile(path.join(files, "dashboard.png"));
  await solid(900, 600).jpeg().toFile(path.join(files, "second.jpg"));
  await solid(1600, 900).png().toFile(path.join(files, "news.png"));
  await solid(300, 300).png().toFile(path.join(files, "logo.png"));
  writeFileSync(path.join(files, "fake.png"), "not an image\n");
});

afterAll(async () => {
  await site.cleanup();
  rmSync(files, { recursive: true, force: true });
});

const ok = expectSucceeded;

const listed = async <K extends ContentKind>(kind: K) =>
  JSON.parse(ok(await cli(site, kind, "list", "--json"))) as ContentRecord<K>[];

/** A failure prints exactly one line on stderr and nothing on stdout. */
function expectError(run: Run, pattern: RegExp) {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe("");
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr.trimEnd()).toMatch(pattern);
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

const page = async (url: string, status = 200) => (await request(site.app).get(url).expect(status)).text;

async function uploadExists(url: string): Promise<boolean> {
  if (site.config.databaseUrl) {
    return (
      (await createUploadStore(site.config, site.db).get(url.slice(`${UPLOADS_URL_PATH}/`.length))) !==
      undefined
    );
  }
  return existsSync(path.join(site.config.dataDir, url));
}

describe("the built-in samples", () => {
  it("are in the database once, published, in the data modules' order", async () => {
    expect((await listed("projects")).map((record) => record.id)).toEqual(projects.map((p) => p.id));
    expect((await listed("news")).map((record) => record.id)).toEqual(newsPosts.map((p) => p.id));
    expect((await listed("case-studies")).map((record) => record.id)).toEqual(caseStudies.map((s) => s.id));
    const [first] = await listed("projects");
    expect(first).toMatchObject({ position: 1, status: "published", item: projects[0] });
  });

  it("are what the pages show", async () => {
    const html = await page(paths.projects);
    for (const project of projects) expect(html).toContain(escapeHtml(project.title));
    expect(await page(paths.caseStudy("craft"))).toContain("How We Helped");
  });
});

describe("projects add, edit, move, publish and remove", () => {
  const add = (...args: string[]) =>
    cli(
      site,
      "projects",
      "add",
      "--title",
      "Township Spaza Stock App",
      "--description",
      "A stock and ordering app for spaza shops.\n\nOrders arrive by WhatsApp.",
      "--image",
      path.join(files, "dashboard.png"),
      "--image-alt",
      "Phone showing a spaza shop's stock list with low items in red",
      "--tag",
      "React Native",
      "--tag",
      "Node.js",
      "--client",
      "Ikasi Traders",
      ...args,
    );

  it("adds a project with an uploaded image: last in the list, on /projects at once", async () => {
    expect(ok(await add("--details-link", "https://ikasi.example.co.za/app"))).toMatch(
      /^Added project township-spaza-stock-app at position 10; it shows on \/projects now\.\n$/,
    );
    const record = (await listed("projects")).at(-1);
    expect(record).toMatchObject({ id: "township-spaza-stock-app", position: 10, status: "published" });
    expect(record?.item.tags).toEqual(["React Native", "Node.js"]);
    const image = record?.item.image;
    expect(image?.src).toMatch(/^\/uploads\/content\/[0-9a-f]{16}-960\.webp$/);
    expect(image?.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(image?.sources?.[0]?.srcset).toMatch(/-480\.avif 480w, .*-960\.avif 960w$/);

    const served = await request(site.app)
      .get(image?.src ?? "")
      .expect(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const html = await page(paths.projects);
    expect(html).toContain("Township Spaza Stock App");
    expect(html).toContain('type="image/avif"');
    expect(html).toContain("Phone showing a spaza shop&#x27;s stock list");
    expect(html).toContain('href="https://ikasi.example.co.za/app"');
  });

  it("refuses a second project with the same id, and changes nothing", async () => {
    expectError(await add(), /project township-spaza-stock-app exists already/);
    expect(await listed("projects")).toHaveLength(10);
  });

  it("keeps a draft off the page until it is published, then hides it again on unpublish", async () => {
    ok(await add("--id", "spaza-draft", "--title", "Spaza Draft Edition", "--draft", "--position", "1"));
    const [first] = await listed("projects");
    expect(first).toMatchObject({ id: "spaza-draft", status: "draft", position: 1 });
    expect(ok(await cli(site, "projects", "list", "--drafts"))).toContain("spaza-draft");
    expect(await page(paths.projects)).not.toContain("Spaza Draft Edition");

    expect(ok(await cli(site, "projects", "publish", "spaza-draft"))).toMatch(
      /Published project spaza-draft/,
    );
    expect(await page(paths.projects)).toContain("Spaza Draft Edition");
    ok(await cli(site, "projects", "unpublish", "spaza-draft"));
    expect(await page(paths.projects)).not.toContain("Spaza Draft Edition");
    // The two share an image: removing the draft keeps the files the other still shows.
    expect(ok(await cli(site, "projects", "remove", "spaza-draft"))).toBe("Removed project spaza-draft.\n");
  });

  it("edits fields, replacing the image and keeping the old files while a revision names them", async () => {
    const old = (await listed("projects")).find((record) => record.id === "township-spaza-stock-app");
    const oldImage = old?.item.image.src ?? "";
    expect(await uploadExists(oldImage)).toBe(true);
    const run = await cli(
      site,
      "projects",
      "edit",
      "township-spaza-stock-app",
      "--title",
      "Spaza Stock & Orders App",
      "--image",
      path.join(files, "second.jpg"),
      "--details-link",
      "",
    );
    // The revision before this edit names the old image, and may be restored: its files stay.
    expect(ok(run)).toMatch(/^Updated project township-spaza-stock-app; it shows/);
    const edited = (await listed("projects")).find((record) => record.id === "township-spaza-stock-app");
    expect(edited?.item).toMatchObject({ title: "Spaza Stock & Orders App", client: "Ikasi Traders" });
    expect(edited?.item.details_link).toBeUndefined();
    expect(edited?.item.image.src).toMatch(/-900\.webp$/);
    expect(edited?.updatedAt).not.toBe(old?.updatedAt);
    expect(await uploadExists(oldImage)).toBe(true);
    replacedImage = oldImage;
    expect(await page(paths.projects)).toContain("Spaza Stock &amp; Orders App");
  });

  it("moves a project and renumbers the rest", async () => {
    expect(ok(await cli(site, "projects", "move", "township-spaza-stock-app", "--position", "2"))).toBe(
      "Moved project township-spaza-stock-app to position 2.\n",
    );
    const ids = (await listed("projects")).map((record) => record.id);
    expect(ids.slice(0, 3)).toEqual([projects[0]?.id, "township-spaza-stock-app", projects[1]?.id]);
    expect((await listed("projects")).map((record) => record.position)).toEqual(
      ids.map((_, index) => index + 1),
    );
    const html = await page(paths.projects);
    expect(html.indexOf("Spaza Stock &amp; Orders App")).toBeLessThan(
      html.indexOf(projects[1]?.title ?? "?"),
    );
  });

  it("removes a project with its files and its history's; it is gone from the page", async () => {
    const record = (await listed("projects")).find((item) => item.id === "township-spaza-stock-app");
    const src = record?.item.image.src ?? "";
    expect(ok(await cli(site, "projects", "remove", "township-spaza-stock-app"))).toBe(
      "Removed project township-spaza-stock-app; deleted 8 image files.\n",
    );
    expect(await uploadExists(src)).toBe(false);
    // The image an edit replaced went with the history that named it.
    expect(await uploadExists(replacedImage)).toBe(false);
    await request(site.app).get(replacedImage).expect(404);
    expect(await page(paths.projects)).not.toContain("Spaza Stock");
    expect((await listed("projects")).map((item) => item.id)).toEqual(projects.map((p) => p.id));
  });
});

describe("news from a Markdown file, case studies from JSON", () => {
  it("adds a news post from front matter and body: first on /news, dated today", async () => {
    const file = path.join(files, "post.md");
    writeFileSync(
      file,
      [
        "---",
        "title: Load-shedding Proof Hosting",
        "excerpt: Keep your site up when the power is down.",
        "author: Thandiwe Mokoena",
        "category: Web Development",
        "image: news.png",
        "image_alt: A server rack lit by a single torch",
        "---",
        "First paragraph about hosting.",
        "",
        "Second paragraph about backups.",
        "",
      ].join("\n"),
    );
    expect(ok(await cli(site, "news", "add", "--from-file", file))).toMatch(
      /^Added news post load-shedding-proof-hosting at position 1; it shows on \/news now\.\n$/,
    );
    const [post] = await listed("news");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(new Date());
    expect(post?.item).toMatchObject({
      content: "First paragraph about hosting.\n\nSecond paragraph about backups.",
      date: today,
    });
    const html = await page(paths.news);
    expect(html.indexOf("Load-shedding Proof Hosting")).toBeLessThan(
      html.indexOf(newsPosts[0]?.title ?? "?"),
    );
    expect(html).toContain('alt="A server rack lit by a single torch"');
  });

  it("needs alt text for an uploaded news image", async () => {
    expectError(
      await cli(site, ...addNewsArguments("No words", "--image", path.join(files, "news.png"))),
      /^error: --image-alt: is required with --image/,
    );
  });

  it("adds a case study from JSON with logo and screenshot: detail page and sitemap at once; a draft in neither", async () => {
    const study = {
      id: "ikasi",
      title: "Stock and ordering for township shops",
      clientName: "Ikasi",
      clientLogo: "logo.png",
      description: "Ikasi supplies spaza shops.",
      screenshot: "dashboard.png",
      contributions: ["Ordering app", "Driver routes", "Payments"],
    };
    writeFileSync(path.join(files, "study.json"), JSON.stringify(study));
    ok(await cli(site, "case-studies", "add", "--from-file", path.join(files, "study.json")));
    expect(await page(paths.caseStudy("ikasi"))).toContain('alt="Ikasi logo"');
    expect(await page(paths.caseStudies)).toContain("Stock and ordering for township shops");
    expect(await page("/sitemap.xml")).toContain("/case-study/ikasi</loc>");

    writeFileSync(path.join(files, "draft.json"), JSON.stringify({ ...study, id: "ikasi-draft" }));
    ok(await cli(site, "case-studies", "add", "--draft", "--from-file", path.join(files, "draft.json")));
    await page(paths.caseStudy("ikasi-draft"), 404);
    expect(await page("/sitemap.xml")).not.toContain("ikasi-draft");

    ok(await cli(site, "case-studies", "remove", "ikasi-draft"));
    // The two studies shared their files: removing one keeps the other's images.
    const kept = (await listed("case-studies")).find((record) => record.id === "ikasi");
    expect(await uploadExists(kept?.item.screenshot.src ?? "")).toBe(true);
    ok(await cli(site, "case-studies", "remove", "ikasi"));
    await page(paths.caseStudy("ikasi"), 404);
    expect(await page("/sitemap.xml")).not.toContain("/case-study/ikasi<");
    expect(await uploadExists(kept?.item.screenshot.src ?? "")).toBe(false);
  });

  it("shows one item in full", async () => {
    const text = ok(await cli(site, "case-studies", "show", "craft"));
    expect(text).toMatch(/^id: +craft$/m);
    expect(text).toMatch(/^status: +published$/m);
    expect(text).toMatch(/^contribution: +• Multi-vendor storefronts/m);
    const json = JSON.parse(
      ok(await cli(site, "news", "show", "react-native-or-native", "--json")),
    ) as ContentRecord<"news">;
    expect(json.item).toEqual(newsPosts[1]);
  });
});

describe("what the commands refuse, changing nothing", () => {
  /** A valid project but for what the case changes. */
  const addProject = (...args: string[]) =>
    cli(
      site,
      "projects",
      "add",
      "--title",
      "Refused",
      "--description",
      "d",
      "--image",
      path.join(files, "dashboard.png"),
      "--image-alt",
      "A shop counter",
      "--tag",
      "x",
      "--client",
      "c",
      ...args,
    );

  it.each([
    [["--title", ""], /^error: --title: is required$/],
    [["--title", "Bad\u0007Bell"], /^error: --title: contains characters that are not allowed$/],
    [["--title", "Two\nlines"], /^error: --title: must be a single line$/],
    [["--client", "\u202Eevil"], /^error: --client: contains characters that are not allowed$/],
    [
      ["--details-link", "javascript:alert(1)"],
      /^error: --details-link: must be an https:\/\/ or http:\/\/ link$/,
    ],
    [
      ["--details-link", "data:text/html,hi"],
      /^error: --details-link: must be an https:\/\/ or http:\/\/ link$/,
    ],
    [["--image-alt", "IMG_2041.png"], /^error: --image-alt: must describe what the image shows/],
    [["--image-alt", "image"], /^error: --image-alt: must describe what the image shows/],
    [["--position", "0"], /^error: invalid position "0"/],
    [["--id", "Not A Slug"], /^error: --id: a lower-case slug$/],
    [["--id", "craft", "--title", "x".repeat(201)], /^error: --title: must be at most 200 characters$/],
  ])("refuses %j", async (args, message) => {
    const before = await listed("projects");
    expectError(await addProject(...args), message);
    expect(await listed("projects")).toEqual(before);
  });

  it("refuses a file that is not an image, naming the flag", async () => {
    expectError(
      await addProject("--image", path.join(files, "fake.png")),
      /^error: --image: .*fake\.png is not a PNG, JPEG, WebP or AVIF image/,
    );
  });

  it("refuses unknown fields and ids, and a file for another item", async () => {
    writeFileSync(path.join(files, "odd.json"), JSON.stringify({ title: "x", colour: "red" }));
    expectError(
      await cli(site, "projects", "add", "--from-file", path.join(files, "odd.json")),
      /odd\.json: unknown field "colour"/,
    );
    expectError(
      await cli(site, "news", "edit", "no-such-post", "--title", "x"),
      /^error: unknown news post no-such-post$/,
    );
    expectError(await cli(site, "projects", "move", "nope", "--position", "1"), /unknown project nope/);
    writeFileSync(path.join(files, "other.json"), JSON.stringify({ id: "padre", title: "x" }));
    expectError(
      await cli(site, "case-studies", "edit", "craft", "--from-file", path.join(files, "other.json")),
      /is for padre, not craft; ids do not change/,
    );
    expect(readFileSync(path.join(files, "other.json"), "utf8")).toContain("padre");
  });

  it("answers a usage error for an unknown subcommand", async () => {
    expect((await cli(site, "projects", "frobnicate")).code).toBe(2);
  });
});

import { createHash } from "node:crypto";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { insertContent } from "#server/db/content-items.ts";
import { insertPreviewLink } from "#server/db/preview-links.ts";
import { newsPosts } from "#data/seed-news.ts";
import type { NewsPost } from "#shared/content-types.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Stored preview links (docs/decisions/050-stored-preview-links.md): a link is kept as its
 * token's hash with the draft it was made of, shows that draft after further edits, is
 * listed with who made it and until when, is revoked from the workspace or the CLI, and
 * each make and revoke is audited; an expired or revoked link is what an unknown token is.
 * No `preview` value reaches the access log. The workspace's clock is injected.
 */

let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
let clock = new Date("2030-11-26T10:00:00.000Z");
/** Every line the app logged, the access log's included. */
const lines: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  site = await createTestApp(
    { SITE_URL: "https://www.example.co.za" },
    { logger, workspace: { now: () => clock }, publishing: { autoStart: false } },
  );
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
});
afterAll(() => site.cleanup());

const api = "/admin/api";
const get = (url: string) => request(site.app).get(url);
const tokenOf = (path: string) => new URL(path, "https://x.test").searchParams.get("preview") ?? "";

type Made = { id: number; path: string; url: string; expiresAt: string };
type Listed = { id: number; target: string; createdAt: string; createdBy: string; expiresAt: string };
type Document = Record<string, unknown> & { hero: Record<string, unknown> };

async function auditOf(action: string) {
  return (await listAudit(site.db, { limit: 500 })).filter((entry) => entry.action === action);
}

async function saveHomeDraft(title: string) {
  const view = await editor.get(`${api}/pages/home`).expect(200);
  const copy = structuredClone(view.body.page.published) as Document;
  copy.hero.title = title;
  await editor.post(`${api}/pages/home`, { document: copy, draft: true }).expect(200);
}

async function listed(target: string): Promise<Listed[]> {
  return (await editor.get(`${api}/previews?target=${encodeURIComponent(target)}`).expect(200)).body
    .links as Listed[];
}

describe("a page's preview link", () => {
  let made: Made;

  it("is made of the draft, works, and is listed with its maker and expiry", async () => {
    await saveHomeDraft("The First Draft Of Home");
    const res = await editor.post(`${api}/pages/home/preview`, { hours: 24 }).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    made = res.body as Made;
    expect(made.url).toBe(`https://www.example.co.za${made.path}`);
    expect(made.path).toMatch(/^\/\?preview=pv1\.[\w-]{43}$/);
    expect(made.expiresAt).toBe("2030-11-27T10:00:00.000Z");

    const page = await get(made.path).expect(200);
    expect(page.text).toContain("The First Draft Of Home");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["x-page-cache"]).toBeUndefined();
    expect(page.text).toMatch(/<meta name="robots" content="noindex"/);
    expect((await get("/")).text).not.toContain("The First Draft Of Home");

    expect(await listed("page:home")).toEqual([
      {
        id: made.id,
        target: "page:home",
        createdAt: clock.toISOString(),
        createdBy: editor.email,
        expiresAt: made.expiresAt,
      },
    ]);
    // "home" names the same page.
    expect((await listed("home")).map((link) => link.id)).toEqual([made.id]);
    expect(await listed("page:about")).toEqual([]);
  });

  it("keeps showing that draft after the draft is edited again; a new link shows the new one", async () => {
    await saveHomeDraft("The Second Draft Of Home");
    const page = await get(made.path).expect(200);
    expect(page.text).toContain("The First Draft Of Home");
    expect(page.text).not.toContain("The Second Draft Of Home");
    const second = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    expect((await get(second.path).expect(200)).text).toContain("The Second Draft Of Home");
    expect((await listed("page:home")).map((link) => link.id)).toEqual([second.id, made.id]);
  });

  it("is audited when made and when revoked, by id and expiry, never by its token", async () => {
    const [make] = (await auditOf("copy.preview-link")).filter((entry) => entry.detail?.link === made.id);
    expect(make).toMatchObject({
      actor: editor.email,
      target: "home",
      detail: { link: made.id, expiresAt: made.expiresAt },
    });

    const revoked = await editor.post(`${api}/previews/${made.id}/revoke`).expect(200);
    expect(revoked.body.revoked).toMatchObject({ id: made.id, target: "page:home" });
    const [revoke] = await auditOf("copy.preview-revoke");
    expect(revoke).toMatchObject({
      actor: editor.email,
      target: "home",
      detail: { link: made.id, expiresAt: made.expiresAt },
    });
    const token = tokenOf(made.path);
    const audit = JSON.stringify(await listAudit(site.db, { limit: 500 }));
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(token.slice(4));
  });

  it("once revoked, shows what an unknown token shows, and is no longer listed", async () => {
    const page = await get(made.path).expect(200);
    expect(page.text).not.toContain("First Draft");
    expect(page.headers["x-robots-tag"]).toBeUndefined();
    const unknown = await get(`/?preview=pv1.${"A".repeat(43)}`).expect(200);
    expect(unknown.headers["x-robots-tag"]).toBeUndefined();
    expect(page.text.replace(/nonce="[^"]+"/g, "")).toBe(unknown.text.replace(/nonce="[^"]+"/g, ""));
    expect((await listed("page:home")).map((link) => link.id)).not.toContain(made.id);
    // A second revoke changes nothing; an unknown id is not found; sales may not.
    await editor.post(`${api}/previews/${made.id}/revoke`).expect(409);
    await editor.post(`${api}/previews/999999/revoke`).expect(404);
    await editor.post(`${api}/previews/abc/revoke`).expect(404);
    await editor.get(`${api}/previews`).expect(400);
    await editor.get(`${api}/previews?target=nowhere`).expect(400);
  });

  it("stops working when it expires, as an unknown token", async () => {
    await saveHomeDraft("A Draft For An Hour");
    const { path } = (await editor.post(`${api}/pages/home/preview`, { hours: 1 }).expect(200)).body as Made;
    expect((await get(path)).text).toContain("A Draft For An Hour");
    const before = clock;
    clock = new Date(clock.getTime() + 3_600_000);
    const expired = await get(path).expect(200);
    expect(expired.text).not.toContain("A Draft For An Hour");
    expect(expired.headers["x-robots-tag"]).toBeUndefined();
    expect((await listed("page:home")).map((link) => link.expiresAt)).not.toContain(
      new Date(before.getTime() + 3_600_000).toISOString(),
    );
    clock = before;
  });
});

describe("a news post's preview link", () => {
  const id = "pinned-preview-post";
  const post: NewsPost = {
    ...newsPosts[0]!,
    id,
    title: "The Title It Was Made Of",
    excerpt: "An excerpt.",
    content: "## A heading\n\nThe body as it was.",
    date: "2030-11-20",
    category: "Cloud",
  };

  it("shows the post as it was, after an edit; is revoked from the CLI; and both are audited", async () => {
    await insertContent(site.db, "news", post, { status: "draft" });
    const made = (await editor.post(`${api}/content/news/${id}/preview-link`, { hours: 2 }).expect(200))
      .body as Made;
    expect(made.path).toMatch(new RegExp(`^${paths.newsArticle(id)}\\?preview=pv1\\.[\\w-]{43}$`));
    expect((await get(made.path).expect(200)).text).toContain("The Title It Was Made Of");

    const edited = await cli(site, "news", "edit", id, "--title", "A Title Written Later");
    expect(edited.stderr).toBe("");
    const pinned = await get(made.path).expect(200);
    expect(pinned.text).toContain("The Title It Was Made Of");
    expect(pinned.text).not.toContain("A Title Written Later");
    expect(pinned.headers["cache-control"]).toBe("private, no-store");
    expect(pinned.headers["x-robots-tag"]).toBe("noindex, nofollow");

    const list = await cli(site, "previews", "list", `news/${id}`);
    expect(list.stderr).toBe("");
    expect(list.stdout).toMatch(
      new RegExp(`^${made.id} +news/${id} +.+ ${editor.email.replace(".", "\\.")} +`, "m"),
    );
    expect(list.stdout).toMatch(
      /1 link open, newest first\. Revoke one with: site-admin previews revoke <ID>/,
    );
    const json = JSON.parse((await cli(site, "previews", "list", "--json")).stdout) as Listed[];
    expect(json.find((link) => link.id === made.id)).toEqual({
      id: made.id,
      target: `news/${id}`,
      createdAt: clock.toISOString(),
      createdBy: editor.email,
      expiresAt: made.expiresAt,
    });

    const revoked = await cli(site, "previews", "revoke", String(made.id));
    expect(revoked).toMatchObject({ code: 0, stderr: "" });
    expect(revoked.stdout).toBe(`Revoked preview link ${made.id} of news/${id}: it no longer opens.\n`);
    const gone = await get(made.path).expect(404);
    expect(gone.text).not.toContain("The Title It Was Made Of");
    expect(gone.headers["x-robots-tag"]).toBeUndefined();
    expect((await cli(site, "previews", "list", `news/${id}`)).stdout).toBe(
      `No preview links open for news/${id}.\n`,
    );

    const again = await cli(site, "previews", "revoke", String(made.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/was revoked already/);
    expect((await cli(site, "previews", "revoke", "424242")).stderr).toMatch(/no preview link 424242/);
    expect((await cli(site, "previews", "list", "nowhere")).stderr).toMatch(/unknown preview target nowhere/);

    const make = (await auditOf("content.preview-link")).find((entry) => entry.detail?.link === made.id);
    expect(make).toMatchObject({
      actor: editor.email,
      target: `news/${id}`,
      detail: { expiresAt: made.expiresAt },
    });
    const [revoke] = await auditOf("content.preview-revoke");
    expect(revoke).toMatchObject({ actor: expect.stringMatching(/^cli:/), ip: "cli", target: `news/${id}` });
    expect(revoke?.detail).toEqual({ link: made.id, expiresAt: made.expiresAt });
  });

  it("from the CLI too, with the command that revokes it", async () => {
    // The CLI makes links by the machine's clock: the workspace's follows it here.
    const before = clock;
    clock = new Date();
    const made = await cli(site, "news", "preview", id, "--hours", "1");
    expect(made.stderr).toBe("");
    const [url = "", , revokeLine] = made.stdout.split("\n");
    const path = `${new URL(url).pathname}${new URL(url).search}`;
    expect((await get(path).expect(200)).text).toContain("A Title Written Later");
    expect(revokeLine).toMatch(/^Revoke it with: site-admin previews revoke \d+$/);
    // It expires like any: an hour on, the 404 page.
    clock = new Date(clock.getTime() + 3_600_000 + 1_000);
    await get(path).expect(404);
    clock = before;
  });

  it("goes with the post when it is removed", async () => {
    await editor.post(`${api}/content/news/${id}/preview-link`, {}).expect(200);
    expect((await listed(`news/${id}`)).length).toBe(1);
    await editor.delete(`${api}/content/news/${id}`).expect(204);
    const rows = await site.db
      .selectFrom("preview_links")
      .select("id")
      .where("target", "=", `news/${id}`)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("who may list and revoke", () => {
  it("editors and admins with the session's CSRF token; nobody else, and a refusal changes nothing", async () => {
    await saveHomeDraft("A Draft Only Editors Revoke");
    const made = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    const origin = "https://www.example.co.za";
    const revoke = `${api}/previews/${made.id}/revoke`;
    await sales.post(revoke).expect(403);
    await sales.get(`${api}/previews?target=page:home`).expect(403);
    await request(site.app).post(revoke).set("Origin", origin).expect(401);
    await request(site.app).get(`${api}/previews?target=page:home`).expect(401);
    await request(site.app).post(revoke).set("Cookie", editor.cookie).set("Origin", origin).expect(403);
    expect((await get(made.path).expect(200)).text).toContain("A Draft Only Editors Revoke");
    expect((await auditOf("copy.preview-revoke")).map((entry) => entry.detail?.link)).not.toContain(made.id);
    const admin = await signInAs(site, "admin");
    await admin.post(revoke).expect(200);
    expect((await get(made.path).expect(200)).text).not.toContain("A Draft Only Editors Revoke");
  });
});

describe("what is stored and logged", () => {
  it("keeps only the hash of a token", async () => {
    await saveHomeDraft("A Draft Whose Link Is Stored");
    const made = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    const token = tokenOf(made.path);
    const rows = await site.db.selectFrom("preview_links").selectAll().execute();
    const row = rows.find((each) => Number(each.id) === made.id);
    expect(row?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.slice(4));
  });

  it("writes no preview parameter's value to the access log, valid or not", async () => {
    const made = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    const token = tokenOf(made.path);
    lines.length = 0;
    await get(made.path).expect(200);
    await get("/?preview=anything-Canary-8642").expect(200);
    await get(`${paths.newsArticle("no-such-post")}?preview=${token}&utm_source=mail`).expect(404);
    const access = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .filter((line) => line.req);
    expect(access.map((line) => line.req?.url)).toEqual([
      "/?preview=[redacted]",
      "/?preview=[redacted]",
      `${paths.newsArticle("no-such-post")}?preview=[redacted]&utm_source=mail`,
    ]);
    const logged = lines.join("\n");
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(4));
    expect(logged).not.toContain("Canary-8642");
  });
});

describe("the daily sweep", () => {
  it("deletes the links that expired or were revoked, with the drafts they carried, and keeps the live ones", async () => {
    const made = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    const revoked = (await editor.post(`${api}/pages/home/preview`, {}).expect(200)).body as Made;
    await editor.post(`${api}/previews/${revoked.id}/revoke`).expect(200);
    // The sweep runs on the real clock: a link that ended yesterday, made directly.
    const expiredId = await insertPreviewLink(site.db, {
      tokenHash: "0".repeat(64),
      target: "page:home",
      document: { hero: { title: "An Old Draft" } },
      createdBy: "editor@example.co.za",
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const ids = async () =>
      (await site.db.selectFrom("preview_links").select("id").execute()).map((row) => Number(row.id));
    expect(await ids()).toEqual(expect.arrayContaining([made.id, revoked.id, expiredId]));

    await site.retention.runOnce();

    const left = await ids();
    expect(left).toContain(made.id);
    expect(left).not.toContain(revoked.id);
    expect(left).not.toContain(expiredId);
    expect((await get(made.path).expect(200)).headers["x-robots-tag"]).toBe("noindex");
  });
});

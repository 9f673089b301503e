import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "#server/db/audit-log.ts";
import { BASELINE_NOTE, readContentRevision } from "#server/db/content-revision.ts";
import { findContent, insertContent } from "#server/db/content-items.ts";
import { listRevisions } from "#server/db/history.ts";
import { paths } from "#shared/paths.ts";
import type { BodyImage } from "#shared/content-types.ts";
import type { RevisionHistory } from "#shared/staff-history.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * History and restore of content items (docs/decisions/041-revisions.md): every save keeps
 * the whole item, the history says who changed which field, and a restore, from the
 * workspace or the CLI, brings back the exact earlier item on the public page and is kept
 * as a revision itself. Both engines.
 */
let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
let png: Buffer;

const api = "/admin/api";
const page = async (url: string) => (await request(site.app).get(url)).text;

let fields: Record<string, unknown>;
const newsFields = (image: BodyImage) => ({
  title: "Harbour Ferry Goes Live",
  excerpt: "Tickets on the phone, scanned at the gate.",
  author: "Pieter van der Merwe",
  category: "Featured",
  content: "## What we built\n\nA ticket app for the ferry.",
  image,
  image_alt: "A ferry at the quay",
});

beforeAll(async () => {
  site = await createTestApp();
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
  png = await sharp({ create: { width: 1400, height: 875, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const uploaded = await editor.upload(`${api}/uploads/news?field=image&alt=A%20ferry`, png);
  expect(uploaded.status).toBe(201);
  fields = newsFields(uploaded.body.image as BodyImage);
});
afterAll(() => site.cleanup());

const history = async (client: StaffClient, target: string) =>
  client.get(`${api}/revisions?target=${encodeURIComponent(target)}`);

describe("a news post's history in the workspace", () => {
  let id = "";
  let body: RevisionHistory;

  beforeAll(async () => {
    const created = await editor.post(`${api}/content/news`, { fields, status: "published" });
    expect(created.status).toBe(201);
    id = created.body.record.id as string;
    const first = await editor.post(`${api}/content/news/${id}`, {
      fields: { title: "Harbour Ferry Sails" },
    });
    expect(first.status).toBe(200);
    const second = await editor.post(`${api}/content/news/${id}`, {
      fields: {
        excerpt: "Tickets on the phone, checked at the gate.",
        article_link: "https://ferry.example/story",
      },
    });
    expect(second.status).toBe(200);
    const answer = await history(editor, `news/${id}`);
    expect(answer.status).toBe(200);
    body = answer.body as RevisionHistory;
  });

  it("lists every save newest first, with who saved it and what changed", () => {
    expect(body).toMatchObject({
      target: `news/${id}`,
      label: "News post “Harbour Ferry Sails”",
      viewPath: paths.newsArticle(id),
      editPath: `/admin/content/news/${id}`,
    });
    expect(body.revisions).toHaveLength(3);
    const [third, second, first] = body.revisions;
    expect(third!.id).toBeGreaterThan(second!.id);
    expect(second!.id).toBeGreaterThan(first!.id);
    for (const revision of body.revisions) {
      expect(revision.actor).toBe(editor.email);
      expect(revision.note).toBeNull();
    }
    expect(second!.changes).toEqual([
      expect.objectContaining({
        path: "title",
        label: "Headline",
        change: "changed",
        before: fields.title,
        after: "Harbour Ferry Sails",
      }),
    ]);
    expect(third!.changes.map(({ label, change }) => [label, change])).toEqual([
      ["Excerpt", "changed"],
      ["Link to the article elsewhere", "added"],
    ]);
    expect(third!.changes[0]!.words).toEqual(
      expect.arrayContaining([
        { text: "scanned", removed: true },
        { text: "checked", added: true },
      ]),
    );
    // The first revision is the item as created.
    expect(first!.changes.find((change) => change.path === "author")).toMatchObject({
      change: "added",
      after: fields.author,
    });
  });

  it("says what a restore would change, then restores the exact earlier item on its public page", async () => {
    const first = body.revisions.at(-1)!;
    const compared = await editor.get(
      `${api}/revisions/compare?target=${encodeURIComponent(`news/${id}`)}&revision=${first.id}`,
    );
    expect(compared.status).toBe(200);
    expect(compared.body.changes.map((change: { path: string }) => change.path).sort()).toEqual(
      ["article_link", "excerpt", "title"].sort(),
    );

    // The page is cached as it is now, before the restore.
    expect(await page(paths.newsArticle(id))).toContain("Harbour Ferry Sails");
    const before = await readContentRevision(site.db);
    const restored = await editor.post(`${api}/revisions/restore`, {
      target: `news/${id}`,
      revision: first.id,
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ target: `news/${id}`, restored: first.id });
    expect(await readContentRevision(site.db)).toBeGreaterThan(before);

    const record = await findContent(site.db, "news", id);
    expect(record?.item).toMatchObject(fields);
    expect(record?.item).not.toHaveProperty("article_link");
    expect(record?.status).toBe("published");
    const article = await page(paths.newsArticle(id));
    expect(article).toContain(String(fields.title));
    expect(article).toContain("A ticket app for the ferry.");
    expect(article).not.toContain("Harbour Ferry Sails");

    const after = (await history(editor, `news/${id}`)).body as RevisionHistory;
    expect(after.revisions).toHaveLength(4);
    expect(after.revisions[0]).toMatchObject({
      id: restored.body.revision,
      actor: editor.email,
      note: `Restored revision ${first.id}`,
    });
    // The restore kept the same document as the first revision, field for field.
    const kept = await listRevisions(site.db, `news/${id}`);
    expect(kept[0]!.document).toEqual(kept.at(-1)!.document);
    const audit = (await listAudit(site.db, { limit: 50 })).filter((entry) => entry.target === `news/${id}`);
    expect(audit[0]).toMatchObject({ action: "content.update", actor: editor.email });
  });

  it("refuses a revision of another target, and a name that keeps no history", async () => {
    const other = await editor.post(`${api}/content/news`, { fields: { ...fields, title: "Another Post" } });
    expect(other.status).toBe(201);
    const [theirs] = await listRevisions(site.db, `news/${other.body.record.id as string}`);
    const refused = await editor.post(`${api}/revisions/restore`, {
      target: `news/${id}`,
      revision: theirs!.id,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(`There is no revision ${theirs!.id} of news/${id}.`);
    const unknown = await history(editor, "leads/wd-1");
    expect(unknown.status).toBe(404);
    const bad = await editor.post(`${api}/revisions/restore`, { target: `news/${id}`, revision: "two" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.revision).toBe("The revision must be a number.");
  });

  it("lets only roles that edit content see or restore it, and only from the workspace's own pages", async () => {
    const revision = body.revisions[0]!.id;
    expect((await history(sales, `news/${id}`)).status).toBe(403);
    const refused = await sales.post(`${api}/revisions/restore`, { target: `news/${id}`, revision });
    expect(refused.status).toBe(403);
    expect((await request(site.app).get(`${api}/revisions?target=news/${id}`)).status).toBe(401);
    const forged = await request(site.app)
      .post(`${api}/revisions/restore`)
      .set("Cookie", editor.cookie)
      .set("Origin", new URL(site.config.settings.siteUrl).origin)
      .send({ target: `news/${id}`, revision });
    expect(forged.status).toBe(403);
    expect((await findContent(site.db, "news", id))?.item.title).toBe(fields.title);
  });
});

describe("an item saved before revisions were kept", () => {
  it("keeps what it was as the first revision on its next save, so that save can be undone", async () => {
    const { item } = (await findContent(site.db, "news", "harbour-ferry-goes-live"))!;
    await insertContent(
      site.db,
      "news",
      { ...item, id: "older-post", title: "An Older Post" },
      {
        status: "published",
      },
    );
    expect(await listRevisions(site.db, "news/older-post")).toEqual([]);
    const edited = await editor.post(`${api}/content/news/older-post`, { fields: { title: "An Old Post" } });
    expect(edited.status).toBe(200);
    const kept = await listRevisions(site.db, "news/older-post");
    expect(kept.map((revision) => revision.note)).toEqual([null, BASELINE_NOTE]);
    expect(kept[1]!.document).toMatchObject({ title: "An Older Post" });
    const restored = await editor.post(`${api}/revisions/restore`, {
      target: "news/older-post",
      revision: kept[1]!.id,
    });
    expect(restored.status).toBe(200);
    expect((await findContent(site.db, "news", "older-post"))?.item.title).toBe("An Older Post");
  });
});

describe("site-admin history and restore", () => {
  it("lists a project's revisions and puts an earlier one back, kept as a new revision", async () => {
    const dir = path.join(site.config.dataDir, "cli-files");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "vineyard.png"), png);
    const add = await runCliOn(
      site,
      "projects",
      "add",
      "--title",
      "Vineyard Booking",
      "--description",
      "Tastings booked online.",
      "--image",
      path.join(dir, "vineyard.png"),
      "--image-alt",
      "The booking page",
      "--tag",
      "React.js",
      "--client",
      "Vineyard Estate",
    );
    expect(add.code, add.stderr).toBe(0);
    const edit = await runCliOn(
      site,
      "projects",
      "edit",
      "vineyard-booking",
      "--description",
      "Tours booked online.",
    );
    expect(edit.code, edit.stderr).toBe(0);

    const shown = await runCliOn(site, "history", "projects/vineyard-booking");
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Project “Vineyard Booking” (projects/vineyard-booking)");
    expect(shown.stdout).toMatch(/Description/);
    expect(shown.stdout).toContain("(first version kept)");
    expect(shown.stdout).toContain("2 revisions, newest first.");

    const json = await runCliOn(site, "history", "projects/vineyard-booking", "--json");
    const listed = JSON.parse(json.stdout) as RevisionHistory;
    expect(listed.revisions).toHaveLength(2);
    expect(listed.revisions[0]!.actor).toMatch(/^cli:/);
    const first = listed.revisions[1]!.id;

    const restored = await runCliOn(site, "restore", "projects/vineyard-booking", String(first));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored revision ${first} of projects/vineyard-booking`);
    expect((await findContent(site.db, "projects", "vineyard-booking"))?.item.description).toBe(
      "Tastings booked online.",
    );
    expect(await page(paths.projects)).toContain("Tastings booked online.");
    const after = await listRevisions(site.db, "projects/vineyard-booking");
    expect(after[0]).toMatchObject({ note: `Restored revision ${listed.revisions[1]!.number}` });

    const missing = await runCliOn(site, "restore", "projects/vineyard-booking", "999999");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("there is no revision 999999 of projects/vineyard-booking");
    const unknown = await runCliOn(site, "history", "nothing-here");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nothing called "nothing-here" keeps a history');
  });
});

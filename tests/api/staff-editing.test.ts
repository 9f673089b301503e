import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyImage } from "#shared/content-types.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Two people editing one item (docs/decisions/065-never-lose-work.md,
 * 066-concurrent-editing.md): each sees the other is there; a form's text kept by itself
 * is the person's own and never reaches visitors; a save made from an older version than
 * the newest is refused with the newer one, and nothing is overwritten. Both engines.
 */
let site: TestApp;
let thandi: StaffClient;
let sipho: StaffClient;
let sales: StaffClient;
let newsId = "";

const api = "/admin/api";
type EditorState = {
  draft: { document: Record<string, unknown>; savedAt: string } | null;
  others: Array<{ author: string }>;
  version: number | null;
};
const open = async (client: StaffClient, target: string) => {
  const res = await client.get(`${api}/editing?target=${encodeURIComponent(target)}`).expect(200);
  return res.body as EditorState;
};

beforeAll(async () => {
  site = await createTestApp();
  thandi = await signInAs(site, "editor", "thandi@agency.test");
  sipho = await signInAs(site, "admin", "sipho@agency.test");
  sales = await signInAs(site, "sales");
  const png = await sharp({ create: { width: 1400, height: 875, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const uploaded = await thandi.upload(`${api}/uploads/news?field=image&alt=A%20ferry`, png);
  expect(uploaded.status).toBe(201);
  const created = await thandi.post(`${api}/content/news`, {
    fields: {
      title: "Harbour Ferry Goes Live",
      excerpt: "Tickets on the phone, scanned at the gate.",
      author: "Pieter van der Merwe",
      category: "Featured",
      content: "## What we built\n\nA ticket app for the ferry.",
      image: uploaded.body.image as BodyImage,
      image_alt: "A ferry at the quay",
    },
    status: "published",
  });
  expect(created.status).toBe(201);
  newsId = created.body.record.id as string;
});
afterAll(() => site.cleanup());

describe("presence", () => {
  it("shows each editor the other who has the same form open, and not themselves", async () => {
    const target = `news/${newsId}`;
    expect((await open(thandi, target)).others).toEqual([]);
    const seenBySipho = await open(sipho, target);
    expect(seenBySipho.others.map((other) => other.author)).toEqual(["thandi@agency.test"]);
    expect((await open(thandi, target)).others.map((other) => other.author)).toEqual(["sipho@agency.test"]);
    await sipho.post(`${api}/editing/close`, { target }).expect(204);
    expect((await open(thandi, target)).others).toEqual([]);
  });

  it("refuses what is not an item to edit, and people without the content area", async () => {
    expect((await thandi.get(`${api}/editing?target=news/no-such-post`)).status).toBe(404);
    expect((await thandi.get(`${api}/editing?target=page:nowhere`)).status).toBe(404);
    expect((await thandi.get(`${api}/editing`)).status).toBe(400);
    expect((await sales.get(`${api}/editing?target=page:home`)).status).toBe(403);
    expect((await request(site.app).get(`${api}/editing?target=page:home`)).status).toBe(401);
  });
});

describe("a form's text kept by itself", () => {
  it("is the person's own, never shown to visitors, and gone once saved for real", async () => {
    const target = `news/${newsId}`;
    const typed = { title: "Harbour Ferry Half-Typed", excerpt: "" };
    const saved = await thandi.post(`${api}/editing/draft`, { target, document: typed }).expect(200);
    expect(typeof saved.body.savedAt).toBe("string");
    expect((await open(thandi, target)).draft?.document).toEqual(typed);
    expect((await open(sipho, target)).draft).toBeNull();
    const post = await request(site.app).get(`/news/${newsId}`);
    expect(post.text).not.toContain("Half-Typed");
    const { version } = await open(thandi, target);
    await thandi
      .post(`${api}/content/news/${newsId}`, {
        fields: { title: "Harbour Ferry Sails" },
        baseVersion: version,
      })
      .expect(200);
    expect((await open(thandi, target)).draft).toBeNull();
  });

  it("is refused when it is not a form's fields or is far too long", async () => {
    const target = `news/${newsId}`;
    expect((await thandi.post(`${api}/editing/draft`, { target, document: "text" })).status).toBe(400);
    const huge = { content: "x".repeat(400_001) };
    const refused = await thandi.post(`${api}/editing/draft`, { target, document: huge });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("The text is too long to keep as a draft. Shorten it, then save.");
  });
});

describe("a save over someone else's newer save", () => {
  it("is refused for a content item, with the newer version, and nothing is overwritten", async () => {
    const target = `news/${newsId}`;
    const loadedByThandi = (await open(thandi, target)).version;
    const loadedBySipho = (await open(sipho, target)).version;
    expect(loadedByThandi).toBe(loadedBySipho);
    const first = await sipho
      .post(`${api}/content/news/${newsId}`, {
        fields: { title: "Ferry By Sipho" },
        baseVersion: loadedBySipho,
      })
      .expect(200);
    expect(first.body.version).toBeGreaterThan(loadedBySipho ?? 0);

    const stale = await thandi.post(`${api}/content/news/${newsId}`, {
      fields: { title: "Ferry By Thandi" },
      baseVersion: loadedByThandi,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(
      /^sipho@agency\.test saved a newer version at \d\d:\d\d while you were editing\./,
    );
    expect(stale.body.conflict).toMatchObject({
      version: first.body.version,
      savedBy: "sipho@agency.test",
      document: { title: "Ferry By Sipho" },
    });
    const item = await thandi.get(`${api}/content/news/${newsId}`).expect(200);
    expect(item.body.record.item.title).toBe("Ferry By Sipho");

    // Having seen theirs, keeping hers is a save made from the newer version.
    const kept = await thandi.post(`${api}/content/news/${newsId}`, {
      fields: { title: "Ferry By Thandi" },
      baseVersion: stale.body.conflict.version,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.record.item.title).toBe("Ferry By Thandi");
  });

  it("is refused for a page's copy; a draft beside it overwrites nobody's", async () => {
    const target = "page:home";
    const home = (await thandi.get(`${api}/pages/home`).expect(200)).body.page.published as Record<
      string,
      Record<string, unknown>
    >;
    const base = (await open(thandi, target)).version;
    expect(base).toBeNull();
    const withTitle = (title: string) => ({ ...home, hero: { ...home.hero, title } });
    const bySipho = await sipho
      .post(`${api}/pages/home`, { document: withTitle("Sipho's Headline"), baseVersion: base })
      .expect(200);
    expect(typeof bySipho.body.version).toBe("number");
    await thandi
      .post(`${api}/pages/home`, { document: withTitle("A draft"), draft: true, baseVersion: base })
      .expect(200);
    const stale = await thandi.post(`${api}/pages/home`, {
      document: withTitle("Thandi's"),
      baseVersion: base,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict.document.hero.title).toBe("Sipho's Headline");
    expect((await request(site.app).get("/")).text).toContain("Sipho&#x27;s Headline");
    expect(
      (await thandi.post(`${api}/pages/home`, { document: withTitle("Thandi's"), baseVersion: "old" }))
        .status,
    ).toBe(400);
  });

  it("is taken without a version, as the command line saves", async () => {
    await thandi.post(`${api}/content/news/${newsId}`, { fields: { title: "Ferry Again" } }).expect(200);
  });
});

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type SiteApp } from "#server/app.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { insertContent } from "#server/db/content-items.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import { createLogger } from "#server/platform/logger.ts";
import { publishDueContent } from "#server/operations/content/content-publishing.ts";
import { caseStudies } from "#data/seed-case-studies.ts";
import { newsPosts } from "#data/seed-news.ts";
import type { NewsPost } from "#shared/content-types.ts";
import { machinePaths, paths } from "#shared/paths.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, loadServerBuild, type TestApp } from "#tests/support/test-app.ts";

/**
 * Scheduled publishing, news in date order and preview links
 * (docs/decisions/042-preview-and-scheduled-publishing.md): a scheduled draft publishes on
 * its own at its time, once, on one of two instances; news is newest first with featured
 * posts on top; a preview link shows a draft at its address until it expires, and nothing
 * it shows is cached or indexed. Clocks are injected: nothing here waits for a time.
 */

let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
/** The publishing job's and the workspace's clock (preview links expire by it). */
let clock = new Date("2030-11-26T10:00:00.000Z");

beforeAll(async () => {
  site = await createTestApp(
    { SITE_URL: "https://www.example.co.za" },
    { publishing: { autoStart: false, now: () => clock }, workspace: { now: () => clock } },
  );
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
});
afterAll(() => site.cleanup());

const api = "/admin/api";
const get = (url: string) => request(site.app).get(url);
const ok = (run: { code: number; stdout: string; stderr: string }) => {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return run.stdout;
};

function post(id: string, date: string, title = `Post ${id}`): NewsPost {
  return {
    ...newsPosts[0]!,
    id,
    title,
    excerpt: `Excerpt of ${id}.`,
    content: `## ${title}\n\nThe body of ${id}.`,
    date,
    category: "Cloud",
  };
}

async function auditFor(target: string) {
  return (await listAudit(site.db, { limit: 500 })).filter((entry) => entry.target === target);
}

const titlesOn = (html: string) =>
  [...html.matchAll(/<article\b[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);

describe("a scheduled news post", () => {
  const id = "monday-launch";

  it("is scheduled from the CLI in South African time and listed so, and visitors see nothing yet", async () => {
    await insertContent(site.db, "news", post(id, "2030-11-20", "Monday launch"), { status: "draft" });
    expect(ok(await cli(site, "news", "schedule", id, "--at", "2030-12-02 08:00"))).toBe(
      `Scheduled news post ${id} for Mon 2 Dec 2030, 08:00 (South African time); it shows on /news then.\n`,
    );
    expect(ok(await cli(site, "news", "list"))).toMatch(
      new RegExp(`${id} +scheduled for Mon 2 Dec 2030, 08:00 `),
    );
    const listed = await editor.get(`${api}/content/news`).expect(200);
    const item = (listed.body.items as Array<{ id: string; status: string; publishAt: string }>).find(
      (entry) => entry.id === id,
    );
    expect(item).toMatchObject({ status: "draft", publishAt: "2030-12-02T06:00:00.000Z" });
    await get(paths.newsArticle(id)).expect(404);
    expect((await get(paths.news)).text).not.toContain("Monday launch");
    expect((await get(machinePaths.newsRss)).text).not.toContain("Monday launch");
    expect((await get(machinePaths.sitemap)).text).not.toContain(paths.newsArticle(id));
    expect((await auditFor(`news/${id}`))[0]).toMatchObject({
      action: "content.schedule",
      detail: { publishAt: "2030-12-02T06:00:00.000Z" },
    });
  });

  it("refuses a time that is not one, one that has passed, and a published item, each saying why", async () => {
    const bad = await cli(site, "news", "schedule", id, "--at", "next Monday");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/invalid publish time "next Monday": expected YYYY-MM-DD HH:MM/);
    const past = await editor.post(`${api}/content/news/${id}/schedule`, { at: "2030-11-26 11:59" });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.publishAt).toBe("That time has passed. Choose a later one, or publish now.");
    const invalid = await editor.post(`${api}/content/news/${id}/schedule`, { at: "2030-02-30 08:00" });
    expect(invalid.body.fieldErrors.publishAt).toBe("Choose the day and time to publish it.");
    const published = await editor.post(`${api}/content/news/core-web-vitals-and-conversion/schedule`, {
      at: "2030-12-02 08:00",
    });
    expect(published.status).toBe(409);
    expect(published.body.error).toMatch(/is published already/);
    await sales.post(`${api}/content/news/${id}/schedule`, { at: "2030-12-03 08:00" }).expect(403);
    // Nothing of it changed the schedule.
    const record = await editor.get(`${api}/content/news/${id}`).expect(200);
    expect(record.body.record.publishAt).toBe("2030-12-02T06:00:00.000Z");
  });

  it("publishes on its own when its time comes, once: feeds, sitemap and the list follow", async () => {
    clock = new Date("2030-12-02T05:59:00.000Z");
    expect(await site.publishing.runOnce()).toEqual([]);
    await get(paths.newsArticle(id)).expect(404);

    const revision = await readContentRevision(site.db);
    clock = new Date("2030-12-02T06:00:10.000Z");
    expect(await site.publishing.runOnce()).toEqual([{ kind: "news", id }]);
    expect(await readContentRevision(site.db)).toBe(revision + 1);
    expect(await site.publishing.runOnce()).toEqual([]);

    const article = await get(paths.newsArticle(id)).expect(200);
    expect(article.text).toContain("Monday launch");
    expect(article.text).not.toContain("Preview:");
    // Its date is the day it was published: newest, so first on the list and in the feeds.
    expect(titlesOn((await get(paths.news)).text)[0]).toBe("Monday launch");
    expect((await get(machinePaths.newsRss)).text).toContain("Monday launch");
    expect((await get(machinePaths.sitemap)).text).toContain(paths.newsArticle(id));
    const publishes = (await auditFor(`news/${id}`)).filter((entry) => entry.action === "content.publish");
    expect(publishes).toHaveLength(1);
    expect(publishes[0]).toMatchObject({ actor: "system:scheduled-publishing", ip: "system" });
    const shown = JSON.parse(ok(await cli(site, "news", "show", id, "--json"))) as {
      status: string;
      publishAt: string | null;
      item: { date: string };
    };
    expect(shown).toMatchObject({ status: "published", publishAt: null, item: { date: "2030-12-02" } });
  });

  it("is unscheduled, or published by hand before its time, from the workspace", async () => {
    await insertContent(site.db, "news", post("later-post", "2030-11-21"), { status: "draft" });
    const scheduled = await editor.post(`${api}/content/news/later-post/schedule`, {
      at: "2030-12-24 09:30",
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.record).toMatchObject({ status: "draft", publishAt: "2030-12-24T07:30:00.000Z" });
    const unscheduled = await editor.post(`${api}/content/news/later-post/unschedule`).expect(200);
    expect(unscheduled.body.record).toMatchObject({ status: "draft", publishAt: null });
    expect((await auditFor("news/later-post")).map((entry) => entry.action)).toEqual([
      "content.unschedule",
      "content.schedule",
    ]);

    await editor.post(`${api}/content/news/later-post/schedule`, { at: "2030-12-24 09:30" }).expect(200);
    const now = await editor.post(`${api}/content/news/later-post/publish`).expect(200);
    expect(now.body.record).toMatchObject({ status: "published", publishAt: null });
    clock = new Date("2030-12-25T00:00:00.000Z");
    expect(await site.publishing.runOnce()).toEqual([]);
  });
});

describe("news in date order", () => {
  it("is newest first on the list, the feeds and an article's neighbours; a featured post is pinned on top", async () => {
    await insertContent(site.db, "news", post("old-news", "2020-01-01", "Old news"), { status: "published" });
    await insertContent(site.db, "news", post("older-news", "2019-06-01", "Older news"), {
      status: "published",
      position: 1,
    });
    let titles = titlesOn((await get(paths.news)).text);
    // Placed first by hand, still in its date's place.
    expect(titles.slice(-2)).toEqual(["Old news", "Older news"]);
    const neighbours = (await get(paths.newsArticle("old-news"))).text;
    expect(neighbours).toContain(`href="${paths.newsArticle("practical-ai-customer-service")}"`);
    expect(neighbours).toContain(`href="${paths.newsArticle("older-news")}"`);

    expect(ok(await cli(site, "news", "feature", "older-news"))).toBe(
      "news post older-news is pinned above the others now.\n",
    );
    titles = titlesOn((await get(paths.news)).text);
    expect(titles[0]).toBe("Older news");
    expect(titles.at(-1)).toBe("Old news");
    const feed = (await get(machinePaths.newsJsonFeed)).body as { items: Array<{ title: string }> };
    expect(feed.items[0]?.title).toBe("Older news");
    expect(ok(await cli(site, "news", "list"))).toMatch(/older-news +published, featured/);
    expect((await auditFor("news/older-news"))[0]?.action).toBe("content.feature");

    const unpinned = await editor.post(`${api}/content/news/older-news/unfeature`).expect(200);
    expect(unpinned.body.record.featured).toBe(false);
    expect(titlesOn((await get(paths.news)).text).at(-1)).toBe("Older news");
  });

  it("is not moved by hand; projects still are, and only news is featured", async () => {
    const moved = await editor.post(`${api}/content/news/old-news/move`, { position: 1 });
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors.position).toMatch(/News is in date order, newest first/);
    const ran = await cli(site, "news", "move", "old-news", "--position", "1");
    expect(ran.code).not.toBe(0);
    expect(ran.stderr).toMatch(/unknown command 'move'/);
    await editor.post(`${api}/content/projects/no-such-project/move`, { position: 1 }).expect(404);
    const project = (await editor.get(`${api}/content/projects`)).body.items[1] as { id: string };
    const movedProject = await editor.post(`${api}/content/projects/${project.id}/move`, { position: 1 });
    expect(movedProject.body.record.position).toBe(1);
    const featured = await editor.post(`${api}/content/projects/${project.id}/feature`);
    expect(featured.status).toBe(400);
    expect(featured.body.error).toMatch(/Only news posts can be featured/);
  });
});

describe("a preview link", () => {
  const study = { ...caseStudies[0]!, id: "harbour-ferry", clientName: "Harbour Ferry Co" };

  beforeAll(async () => {
    await insertContent(site.db, "case-studies", study, { status: "draft" });
  });

  it("shows a draft at its address with a banner, private, never cached and never indexed", async () => {
    await get(paths.caseStudy(study.id)).expect(404);
    const made = await editor.post(`${api}/content/case-studies/${study.id}/preview-link`, {}).expect(200);
    const link = made.body as { path: string; url: string; expiresAt: string };
    expect(made.headers["cache-control"]).toBe("no-store");
    expect(link.url).toBe(`https://www.example.co.za${link.path}`);
    expect(link.path).toMatch(new RegExp(`^${paths.caseStudy(study.id)}\\?preview=[\\w-]+\\.[\\w-]+$`));
    // 72 hours unless chosen.
    expect(new Date(link.expiresAt).getTime() - clock.getTime()).toBe(72 * 3_600_000);

    for (let visit = 0; visit < 2; visit++) {
      const page = await get(link.path).expect(200);
      expect(page.text).toContain("Harbour Ferry Co");
      expect(page.text).toContain("Preview: visitors do not see this page until it is published.");
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(page.headers["x-page-cache"]).toBeUndefined();
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    // The plain address is still the 404 page for everyone else.
    await get(paths.caseStudy(study.id)).expect(404);
    const audit = (await auditFor(`case-studies/${study.id}`))[0];
    expect(audit).toMatchObject({ action: "content.preview-link", actor: editor.email });
    expect(JSON.stringify(audit)).not.toContain(link.path.split("=")[1]);
  });

  it("stops working when it expires, and a forged or another item's token shows nothing", async () => {
    const made = await editor.post(`${api}/content/case-studies/${study.id}/preview-link`, { hours: 1 });
    const { path } = made.body as { path: string };
    await get(path).expect(200);
    const token = path.split("=")[1] ?? "";
    const [payload, signature] = token.split(".");
    await get(`${paths.caseStudy(study.id)}?preview=${payload}.${signature?.slice(1)}A`).expect(404);
    await get(`${paths.caseStudy("craft")}?preview=${token}`).expect(200);
    expect((await get(`${paths.caseStudy("padre")}?preview=${token}`)).text).not.toContain("Preview:");

    const before = clock;
    clock = new Date(clock.getTime() + 3_600_000 + 1_000);
    const expired = await get(path).expect(404);
    expect(expired.text).not.toContain("Harbour Ferry Co");
    clock = before;
  });

  it("of a news post works the same; a project has no page to preview; lifetimes stay in bounds", async () => {
    await insertContent(site.db, "news", post("draft-preview", "2030-11-25", "Draft preview post"), {
      status: "draft",
    });
    const { path } = (await editor.post(`${api}/content/news/draft-preview/preview-link`, { hours: 24 }))
      .body as { path: string };
    const page = await get(path).expect(200);
    expect(page.text).toContain("Draft preview post");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    await get(paths.newsArticle("draft-preview")).expect(404);

    const tooLong = await editor.post(`${api}/content/news/draft-preview/preview-link`, { hours: 24 * 15 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.hours).toBe("A preview link lasts from 1 to 336 hours (14 days).");
    const project = await editor.post(`${api}/content/projects/no-such-project/preview-link`, {});
    expect(project.status).toBe(404);
    const firstProject = (await editor.get(`${api}/content/projects`)).body.items[0] as { id: string };
    const noPage = await editor.post(`${api}/content/projects/${firstProject.id}/preview-link`, {});
    expect(noPage.status).toBe(400);
    expect(noPage.body.error).toMatch(/has no page of its own to preview/);
    await sales.post(`${api}/content/news/draft-preview/preview-link`, {}).expect(403);
    expect(ok(await cli(site, "news", "preview", "draft-preview", "--hours", "2"))).toMatch(
      /^https:\/\/www\.example\.co\.za\/news\/draft-preview\?preview=\S+\nAnyone with this link sees it until /,
    );
  });

  it("leaves the public page as it was: a visit after a preview gets the cached public page", async () => {
    await editor.post(`${api}/content/case-studies/${study.id}/publish`).expect(200);
    const { path } = (await editor.post(`${api}/content/case-studies/${study.id}/preview-link`, {})).body as {
      path: string;
    };
    await get(path).expect(200);
    await get(paths.caseStudy(study.id)).expect(200);
    const kept = await get(paths.caseStudy(study.id)).expect(200);
    expect(kept.headers["x-page-cache"]).toBe("hit");
    expect(kept.text).not.toContain("Preview:");
    expect(kept.text).not.toContain("noindex");
    expect(kept.headers["cache-control"]).toMatch(/^public/);
    // Published, the link shows the public page, as it is, never from or into the cache.
    const previewAgain = await get(path).expect(200);
    expect(previewAgain.headers["x-page-cache"]).toBeUndefined();
    expect(previewAgain.text).not.toContain("Preview:");
    expect(previewAgain.text).toContain("Harbour Ferry Co");
  });

  it("is not needed by a signed-in editor at the plain address; sales and visitors still get the 404, nothing kept", async () => {
    await insertContent(site.db, "news", post("staff-draft", "2030-11-24", "Staff draft post"), {
      status: "draft",
    });
    const asStaff = (client: StaffClient) =>
      get(paths.newsArticle("staff-draft")).set("Cookie", client.cookie);
    for (let visit = 0; visit < 2; visit++) {
      const seen = await asStaff(editor).expect(200);
      expect(seen.text).toContain("You see it because you are signed in to the workspace.");
      expect(seen.headers["cache-control"]).toBe("private, no-store");
      expect(seen.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(seen.headers["x-page-cache"]).toBeUndefined();
      const visitor = await get(paths.newsArticle("staff-draft")).expect(404);
      expect(visitor.text).not.toContain("Staff draft post");
    }
    await asStaff(sales).expect(404);
    await get(paths.newsArticle("staff-draft")).set("Cookie", "staff_session=not-a-session").expect(404);
  });
});

describe("two instances on one database", () => {
  it("publish a scheduled post at its time on one of them, once, and both show it", async () => {
    const build = await loadServerBuild();
    let at = new Date("2031-03-02T05:00:00.000Z");
    const start = () =>
      createApp({
        config: site.config,
        logger: createLogger("silent"),
        build,
        outbox: { autoStart: false },
        followUp: { autoStart: false },
        retention: { autoStart: false },
        alerts: { autoStart: false },
        publishing: { autoStart: false, now: () => at },
        pageCacheRevisionCheckMs: 0,
      });
    const instances: SiteApp[] = await Promise.all([start(), start()]);
    try {
      await insertContent(site.db, "news", post("twin-post", "2031-01-01", "Twin post"), { status: "draft" });
      ok(await cli(site, "news", "schedule", "twin-post", "--at", "2031-03-02 08:00"));
      // Both render the list before the time, so each has it in its page cache.
      for (const instance of instances) await request(instance.app).get(paths.news).expect(200);
      // One holds the lease and finds nothing due; the other does not run.
      const early = await Promise.all(instances.map((instance) => instance.publishing.runOnce()));
      expect(early.filter((run) => run === undefined)).toHaveLength(1);
      expect(early.filter((run) => run !== undefined)).toEqual([[]]);

      const revision = await readContentRevision(site.db);
      at = new Date("2031-03-02T06:00:05.000Z");
      const runs = await Promise.all(instances.map((instance) => instance.publishing.runOnce()));
      expect(runs.flat().filter(Boolean)).toEqual([{ kind: "news", id: "twin-post" }]);
      // Past the lease as well: each publishing what it finds due at once still publishes it once.
      const direct = await Promise.all(
        instances.map((instance) => publishDueContent({ db: instance.db, now: () => at })),
      );
      expect(direct.flat()).toEqual([]);
      expect(await readContentRevision(site.db)).toBe(revision + 1);
      const publishes = (await auditFor("news/twin-post")).filter(
        (entry) => entry.action === "content.publish",
      );
      expect(publishes).toHaveLength(1);
      for (const instance of instances) {
        await request(instance.app).get(paths.newsArticle("twin-post")).expect(200);
        expect((await request(instance.app).get(paths.news)).text).toContain("Twin post");
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it("never publish one item twice when both find it due at the same moment", async () => {
    for (let n = 0; n < 5; n++) {
      await insertContent(site.db, "news", post(`race-${n}`, "2031-01-02"), { status: "draft" });
      ok(await cli(site, "news", "schedule", `race-${n}`, "--at", "2031-04-01 08:00"));
    }
    const due = new Date("2031-04-01T06:00:00.000Z");
    const revision = await readContentRevision(site.db);
    const [one, two] = await Promise.all([
      publishDueContent({ db: site.db, now: () => due }),
      publishDueContent({ db: site.db, now: () => due }),
    ]);
    expect([...(one ?? []), ...(two ?? [])].map((item) => item.id).sort()).toEqual(
      [0, 1, 2, 3, 4].map((n) => `race-${n}`),
    );
    expect(await readContentRevision(site.db)).toBe(revision + 5);
  });
});

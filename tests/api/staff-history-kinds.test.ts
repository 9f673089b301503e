import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGINAL_COPY_NOTE } from "#server/operations/pages/page-copy-operations.ts";
import { ORIGINAL_SETTINGS_NOTE } from "#server/operations/settings/site-settings.ts";
import { ORIGINAL_SNIPPET_NOTE } from "#server/operations/snippets/snippets.ts";
import { BASELINE_NOTE } from "#server/db/content-revision.ts";
import { insertContent } from "#server/db/content-items.ts";
import { listRevisions } from "#server/db/history.ts";
import { findPageCopy } from "#server/db/page-copy.ts";
import { copyFields } from "#shared/copy/copy-fields.ts";
import { copyPages } from "#shared/copy/copy-pages.ts";
import type { NewsPost } from "#shared/content-types.ts";
import type { RevisionHistory } from "#shared/staff-history.ts";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * History and restore of the site settings, a page's copy and a page's search snippet
 * (docs/decisions/041-revisions.md): two saves show as two revisions with a field diff, a
 * restore brings back the exact earlier document on the public page, only the roles that
 * edit a kind may see or restore it, and the CLI does the same. Both engines.
 */
let site: TestApp;
let admin: StaffClient;
let editor: StaffClient;
let sales: StaffClient;

const api = "/admin/api";
const html = async (url: string) => (await request(site.app).get(url).expect(200)).text;
const history = (client: StaffClient, target: string) =>
  client.get(`${api}/revisions?target=${encodeURIComponent(target)}`);
const restore = (client: StaffClient, target: string, revision: number) =>
  client.post(`${api}/revisions/restore`, { target, revision });

beforeAll(async () => {
  site = await createTestApp();
  admin = await signInAs(site, "admin");
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
});
afterAll(() => site.cleanup());

type Document = Record<string, unknown>;

describe("the site settings' history", () => {
  let first: EditableSettings;

  beforeAll(async () => {
    const current = (await admin.get(`${api}/settings`).expect(200)).body.settings as EditableSettings;
    first = { ...current, phone: "+27 21 555 0101", phoneDial: "+27215550101" };
    await admin.post(`${api}/settings`, { settings: first }).expect(200);
    await admin.post(`${api}/settings`, { settings: { ...first, phone: "+27 21 555 0199" } }).expect(200);
  });

  it("lists both saves with the phone's change, and restores the first on every page", async () => {
    const answer = await history(admin, "settings");
    expect(answer.status).toBe(200);
    const body = answer.body as RevisionHistory;
    expect(body).toMatchObject({ target: "settings", label: "Site settings", editPath: "/admin/settings" });
    // The settings as they were before the first save are the history's first entry.
    expect(body.revisions).toHaveLength(3);
    const [second, firstRevision, original] = body.revisions;
    expect(original).toMatchObject({ number: 1, note: ORIGINAL_SETTINGS_NOTE });
    expect(body.revisions.map((revision) => revision.number)).toEqual([3, 2, 1]);
    expect(second!.actor).toBe(admin.email);
    expect(second!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "Phone", before: "+27 21 555 0101", after: "+27 21 555 0199" }),
        expect.objectContaining({ label: "Phone (dial form)", after: "+27215550199" }),
      ]),
    );
    expect(await html("/contact")).toContain("+27 21 555 0199");

    const restored = await restore(admin, "settings", firstRevision!.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ target: "settings", restored: firstRevision!.id });
    const settings = (await admin.get(`${api}/settings`).expect(200)).body.settings as EditableSettings;
    expect(settings).toEqual(first);
    const contact = await html("/contact");
    expect(contact).toContain("+27 21 555 0101");
    expect(contact).not.toContain("+27 21 555 0199");
    const [newest] = await listRevisions(site.db, "settings");
    expect(newest).toMatchObject({ note: `Restored revision ${firstRevision!.number}`, document: first });
  });

  it("is editors' and admins': sales may neither see nor restore it (decision 068)", async () => {
    const [newest] = await listRevisions(site.db, "settings");
    expect((await history(sales, "settings")).status).toBe(403);
    expect((await restore(sales, "settings", newest!.id)).status).toBe(403);
    // An editor restores the contact details; what only an admin may change is refused
    // by the settings operation itself (tests/api/settings-roles.test.ts).
    expect((await history(editor, "settings")).status).toBe(200);
  });
});

describe("a page's copy's history", () => {
  let original: Document;

  const withHeadline = (title: string) => ({
    ...original,
    hero: { ...(original.hero as Document), title },
  });

  beforeAll(async () => {
    original = ((await editor.get(`${api}/pages/home`).expect(200)).body as { page: { published: Document } })
      .page.published;
    await editor.post(`${api}/pages/home`, { document: withHeadline("Harbour Apps Built Here") }).expect(200);
    await editor.post(`${api}/pages/home`, { document: withHeadline("Ferry Apps Built Here") }).expect(200);
  });

  it("lists both saves with the headline's change, named as the form names it", async () => {
    const answer = await history(editor, "home");
    expect(answer.status).toBe(200);
    const body = answer.body as RevisionHistory;
    expect(body).toMatchObject({
      target: "page:home",
      label: "Home page copy",
      viewPath: "/",
      editPath: "/admin/pages/home",
    });
    // The shipped copy is the first entry.
    expect(body.revisions).toHaveLength(3);
    expect(body.revisions[2]).toMatchObject({ number: 1, note: ORIGINAL_COPY_NOTE });
    const heroLabel = copyFields.get(copyPages.home.schema.shape.hero)?.label;
    expect(heroLabel).toBeTruthy();
    // Named as the form names it, the field inside its group too.
    const titleLabel = copyFields.get(copyPages.home.schema.shape.hero.shape.title)?.label;
    expect(titleLabel).toBe("Headline");
    expect(body.revisions[0]!.changes).toEqual([
      expect.objectContaining({
        path: "hero.title",
        label: `${heroLabel} › Headline`,
        before: "Harbour Apps Built Here",
        after: "Ferry Apps Built Here",
      }),
    ]);
  });

  it("restores the exact earlier copy on the home page and leaves a pending draft alone", async () => {
    const draft = withHeadline("A Draft Nobody Published");
    await editor.post(`${api}/pages/home`, { document: draft, draft: true }).expect(200);
    const [, first] = await listRevisions(site.db, "page:home");
    const restored = await restore(editor, "page:home", first!.id);
    expect(restored.status).toBe(200);
    const stored = await findPageCopy(site.db, "home");
    expect(stored?.published).toEqual(first!.document);
    expect(stored?.draft).toEqual(draft);
    const home = await html("/");
    expect(home).toContain("Harbour Apps Built Here");
    expect(home).not.toContain("Ferry Apps Built Here");
    expect(home).not.toContain("A Draft Nobody Published");
  });

  it("is refused to sales, who edit no page", async () => {
    const [newest] = await listRevisions(site.db, "page:home");
    expect((await history(sales, "home")).status).toBe(403);
    expect((await restore(sales, "home", newest!.id)).status).toBe(403);
  });

  it("starts with the shipped copy, which can be put back", async () => {
    const body = (await history(editor, "page:home").expect(200)).body as RevisionHistory;
    const shipped = body.revisions.at(-1)!;
    expect(shipped).toMatchObject({ number: 1, note: ORIGINAL_COPY_NOTE });
    expect(shipped.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: "hero",
          label: "Opening",
          after: expect.stringContaining(
            "Line above the headline: Cape Town software studio\nHeadline: Transform Your Ideas Into Reality",
          ) as unknown,
        }),
      ]),
    );
    expect((await restore(editor, "page:home", shipped.id)).status).toBe(200);
    expect(await html("/")).toContain("Transform Your Ideas Into Reality");
    const [newest] = await listRevisions(site.db, "page:home");
    expect(newest).toMatchObject({ note: "Restored revision 1", document: original });
    await editor.post(`${api}/pages/home`, { document: withHeadline("Ferry Apps Built Here") }).expect(200);
  });
});

describe("a page's search snippet's history", () => {
  const meta = (text: string) => `<meta name="description" content="${text}"`;

  beforeAll(async () => {
    expect((await editor.post(`${api}/snippets/home`, { description: "Apps for harbours." })).status).toBe(
      200,
    );
    expect((await editor.post(`${api}/snippets/home`, { description: "Apps for ferries." })).status).toBe(
      200,
    );
  });

  it("lists both saves and restores the first description on the home page", async () => {
    const body = (await history(editor, "snippet:home").expect(200)).body as RevisionHistory;
    expect(body).toMatchObject({ target: "snippet:home", editPath: "/admin/snippets/home", viewPath: "/" });
    expect(body.revisions).toHaveLength(3);
    expect(body.revisions[2]).toMatchObject({ number: 1, note: ORIGINAL_SNIPPET_NOTE });
    expect(body.revisions[0]!.changes).toEqual([
      expect.objectContaining({
        label: "Description",
        before: "Apps for harbours.",
        after: "Apps for ferries.",
      }),
    ]);
    expect(await html("/")).toContain(meta("Apps for ferries."));
    const first = body.revisions[1]!.id;
    expect((await restore(editor, "snippet:home", first)).status).toBe(200);
    expect(await html("/")).toContain(meta("Apps for harbours."));
    const [newest] = await listRevisions(site.db, "snippet:home");
    expect(newest).toMatchObject({
      note: `Restored revision ${body.revisions[1]!.number}`,
      document: { description: "Apps for harbours." },
    });
    expect((await restore(sales, "snippet:home", first)).status).toBe(403);
  });
});

describe("site-admin history and restore of each kind", () => {
  it.each([
    ["settings", "settings", "Site settings"],
    ["about", "page:about", "About page copy"],
    ["snippet:about", "snippet:about", "About page search snippet"],
  ])("%s: lists its revisions and puts the first back", async (name, target, label) => {
    if (target === "settings") {
      for (const city of ["Stellenbosch", "Paarl"]) {
        expect((await runCliOn(site, "settings", "set", "city", city)).code).toBe(0);
      }
    } else if (target === "page:about") {
      const about = (
        (await editor.get(`${api}/pages/about`).expect(200)).body as { page: { published: Document } }
      ).page.published;
      for (const title of ["About The Harbour Team", "About The Ferry Team"]) {
        const header = { ...(about.header as Document), title };
        await editor.post(`${api}/pages/about`, { document: { ...about, header } }).expect(200);
      }
    } else {
      for (const text of ["Who we are, briefly.", "Who we are, at length."]) {
        expect((await editor.post(`${api}/snippets/about`, { description: text })).status).toBe(200);
      }
    }
    const shown = await runCliOn(site, "history", name);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`${label} (${target})`);
    const listed = JSON.parse((await runCliOn(site, "history", name, "--json")).stdout) as RevisionHistory;
    const first = listed.revisions.at(-1)!;
    const restored = await runCliOn(site, "restore", name, String(first.id));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored revision ${first.id} of ${target}`);
    const [newest] = await listRevisions(site.db, target);
    const kept = await listRevisions(site.db, target);
    expect(newest).toMatchObject({ note: `Restored revision ${first.number}` });
    expect(newest!.document).toEqual(kept.find((revision) => revision.id === first.id)!.document);
  });
});

describe("renaming a news category", () => {
  const post = (id: string, title: string): NewsPost => ({
    id,
    title,
    excerpt: "Tickets on the phone.",
    content: "A ticket app for the ferry.",
    image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
    date: "2026-03-04",
    author: "Lindiwe Khumalo",
    category: "Ferries",
  });

  it("keeps each post it rewrites as a revision, and what it was before when it had no history", async () => {
    expect((await editor.post(`${api}/news-categories`, { name: "Ferries" })).status).toBe(201);
    await insertContent(site.db, "news", post("ferry-one", "Ferry One"), { status: "published" });
    await insertContent(site.db, "news", post("ferry-two", "Ferry Two"), { status: "draft" });
    const edited = await editor.post(`${api}/content/news/ferry-one`, {
      fields: { title: "Ferry One Sails" },
    });
    expect(edited.status).toBe(200);
    const renamed = await editor.post(`${api}/news-categories/rename`, {
      name: "Ferries",
      newName: "Harbour Ferries",
    });
    expect(renamed.status).toBe(200);
    const note = "Category renamed from Ferries to Harbour Ferries";

    const one = await listRevisions(site.db, "news/ferry-one");
    expect(one.map((revision) => revision.note)).toEqual([note, null, BASELINE_NOTE]);
    expect(one[0]).toMatchObject({
      actor: editor.email,
      document: { title: "Ferry One Sails", category: "Harbour Ferries" },
    });
    const two = await listRevisions(site.db, "news/ferry-two");
    expect(two.map((revision) => revision.note)).toEqual([note, BASELINE_NOTE]);
    expect(two[1]!.document).toMatchObject({ category: "Ferries" });

    const shown = (await history(editor, "news/ferry-one").expect(200)).body as RevisionHistory;
    expect(shown.revisions[0]!.changes).toEqual([
      expect.objectContaining({ path: "category", before: "Ferries", after: "Harbour Ferries" }),
    ]);
  });
});

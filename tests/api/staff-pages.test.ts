import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createPreviewToken, hashPreviewToken, PREVIEW_PARAMETER } from "#server/auth/preview-links.ts";
import { insertPreviewLink } from "#server/db/preview-links.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import { listRevisions } from "#server/db/history.ts";
import { createPageCopySource } from "#server/content/page-copy-source.ts";
import { savePageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { copyFields } from "#shared/copy/copy-fields.ts";
import { copyIconNames, type CopyIconName } from "#shared/copy/copy-icons.ts";
import { copyPageNames, copyPages, type CopyPageName } from "#shared/copy/copy-pages.ts";
import { paths } from "#shared/paths.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { copyIconMarkup as drawn, iconsInCopy as usedIcons } from "#tests/support/copy-icon-markup.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Every page's copy from the workspace and the CLI: a saved document shows on its page at
 * once, a hostile one is refused field by field with the page unchanged, a draft shows
 * only through a valid preview link that no cache keeps, and each publish is a revision.
 */
let site: TestApp;
let editor: StaffClient;
let sales: StaffClient;
let scratch: string;

beforeAll(async () => {
  site = await createTestApp();
  editor = await signInAs(site, "editor");
  sales = await signInAs(site, "sales");
  scratch = mkdtempSync(path.join(tmpdir(), "copy-test-"));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await site.cleanup();
});

const api = "/admin/api/pages";
const visit = (url: string) => request(site.app).get(url);
const html = async (url: string) => (await visit(url)).text;

type Document = Record<string, unknown>;

async function published(page: CopyPageName): Promise<Document> {
  const res = await editor.get(`${api}/${page}`).expect(200);
  return (res.body as { page: { published: Document } }).page.published;
}

/** Fields shown only in a state the test site is not in (no projects, no news). */
const conditional = new Set(["projects.emptyList", "news.noFeatured", "news.noArticles"]);

/** Every text field of a document replaced by a short token of its own; answers the tokens shown. */
function markEveryText(page: CopyPageName, document: unknown): { document: unknown; tokens: string[] } {
  const tokens: string[] = [];
  const walk = (schema: z.ZodType, value: unknown, at: string[]): unknown => {
    if (schema instanceof z.ZodArray && Array.isArray(value))
      return value.map((item, index) => walk(schema.element as z.ZodType, item, [...at, String(index)]));
    if (schema instanceof z.ZodObject && typeof value === "object" && value !== null) {
      const shape = schema.shape as Record<string, z.ZodType>;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, walk(shape[key] as z.ZodType, item, [...at, key])]),
      );
    }
    const kind = copyFields.get(schema)?.kind;
    if (kind !== "text" && kind !== "markdown") return value;
    const token = `Tk${tokens.length}q${page.length}`;
    if (!conditional.has(`${page}.${at.filter((part) => !/^\d+$/.test(part)).join(".")}`)) tokens.push(token);
    else tokens.push("");
    return token;
  };
  const marked = walk(copyPages[page].schema, document, []);
  return { document: marked, tokens: tokens.filter(Boolean) };
}

/** Where a page's copy shows: its own address, and for case studies each study's page and the one not found. */
async function shownAt(page: CopyPageName): Promise<string[]> {
  if (page !== "case-studies") return [copyPages[page].path];
  const study = /href="(\/case-study\/[^"#?]+)"/.exec(await html(paths.caseStudies))?.[1];
  expect(study).toBeTruthy();
  return [copyPages[page].path, study ?? "", paths.caseStudy("no-such-study")];
}

describe("every page's copy", () => {
  it.each(copyPageNames)("%s: every text block saved in the workspace shows on the page", async (page) => {
    const before = await published(page);
    const { document, tokens } = markEveryText(page, before);
    expect(tokens.length).toBeGreaterThan(3);
    const saved = await editor.post(`${api}/${page}`, { document }).expect(200);
    expect(saved.body.viewUrl).toBe(`${site.config.settings.siteUrl}${copyPages[page].path}`);

    const shown = (await Promise.all((await shownAt(page)).map(html))).join("\n");
    const missing = tokens.filter((token) => !new RegExp(`\\b${token}\\b`).test(shown));
    expect(missing).toEqual([]);
    expect(await published(page)).toEqual(document);

    // Put back as it was, as a restore does: the page shows the earlier copy exactly.
    await editor.post(`${api}/${page}`, { document: before, note: "Restored" }).expect(200);
    expect(await published(page)).toEqual(before);
    expect(await html(copyPages[page].path)).not.toMatch(new RegExp(`\\b${tokens[0]}\\b`));
  });
});

describe("refused copy", () => {
  const homeWith = async (change: (copy: Document & { hero: Document; whatWeDo: Document }) => void) => {
    const copy = structuredClone(await published("home")) as Document & {
      hero: Document;
      whatWeDo: Document;
    };
    change(copy);
    return copy;
  };

  it("shows markup in a headline as text, never as markup", async () => {
    const document = await homeWith((copy) => (copy.hero.title = "<script>alert(1)</script> & Co"));
    await editor.post(`${api}/home`, { document }).expect(200);
    const page = await html("/");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
    expect(page).not.toContain("<script>alert(1)");
  });

  it.each([
    [
      "a 10 KB headline",
      (copy: Document & { hero: Document }) => (copy.hero.title = "A".repeat(10_240)),
      "hero.title",
      "Headline must be at most 60 characters.",
    ],
    [
      "an empty headline",
      (copy: Document & { hero: Document }) => (copy.hero.title = "  \u200b "),
      "hero.title",
      "Headline cannot be empty.",
    ],
    [
      "two value cards",
      (copy: Document & { whatWeDo: Document }) => ((copy.whatWeDo.cards as unknown[]).length = 2),
      "whatWeDo.cards",
      "Value cards needs at least 3 entries.",
    ],
    [
      "seven value cards",
      (copy: Document & { whatWeDo: Document }) => {
        const cards = copy.whatWeDo.cards as unknown[];
        while (cards.length < 7) cards.push(cards[0]);
      },
      "whatWeDo.cards",
      "Value cards can hold at most 6 entries.",
    ],
    [
      "a headline over two lines",
      (copy: Document & { hero: Document }) => (copy.hero.title = "One\nTwo"),
      "hero.title",
      "Headline must be one line.",
    ],
  ] as const)(
    "refuses %s with a field message and leaves the page as it was",
    async (_, change, field, message) => {
      const before = await html("/");
      const document = await homeWith(change as (copy: Document) => void);
      const res = await editor.post(`${api}/home`, { document }).expect(400);
      expect(res.body.fieldErrors[field]).toBe(message);
      expect(res.body.error).toBe(message);
      expect(await html("/")).toBe(before);
    },
  );

  it("refuses a field the page does not have, and a page that does not exist", async () => {
    const document = await homeWith((copy) => (copy.hero.script = "x"));
    const res = await editor.post(`${api}/home`, { document }).expect(400);
    expect(res.body.fieldErrors.hero).toMatch(/does not show: script/);
    await editor.post(`${api}/nowhere`, { document }).expect(404);
  });

  it("is for editors and admins only", async () => {
    await sales.get(api).expect(403);
    await sales.post(`${api}/home`, { document: await published("home") }).expect(403);
    await request(site.app).get(api).expect(401);
  });
});

describe("the privacy policy", () => {
  type Policy = { header: Document; lastUpdated: string; body: string };
  const policyWith = async (change: (copy: Policy) => void) => {
    const copy = structuredClone(await published("privacy-policy")) as Policy;
    change(copy);
    return copy;
  };

  it("shows its Markdown with the settings filled in, its sections listed and its date", async () => {
    const { email, phoneDisplay } = site.config.settings;
    const document = await policyWith((copy) => {
      copy.lastUpdated = "2026-03-09";
      copy.body = "## Who We Are {#who}\n\n{brand} answers at [{email}](mailto:{email}) or {phoneDisplay}.\n";
    });
    await editor.post(`${api}/privacy-policy`, { document }).expect(200);
    const page = await html("/privacy-policy");
    expect(page).toContain('<h2 id="who">Who We Are</h2>');
    expect(page).toContain('<a href="#who" class="text-brand underline">Who We Are</a>');
    expect(page).toContain(`<a href="mailto:${email}">${email}</a> or ${phoneDisplay}.`);
    expect(page).toContain(`${site.config.settings.brandName} answers`);
    expect(page).toContain('<time dateTime="2026-03-09">March 9, 2026</time>');
  });

  it("shows raw HTML in the Markdown as text and drops unsafe links", async () => {
    const document = await policyWith((copy) => {
      copy.body =
        '## Policy {#policy}\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[Read](javascript:alert(3))\n';
    });
    await editor.post(`${api}/privacy-policy`, { document }).expect(200);
    const page = await html("/privacy-policy");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert(1)");
    expect(page).not.toMatch(/<img src="?x/);
    expect(page).not.toContain("javascript:alert");
  });

  it.each([
    ["an empty policy", (copy: Policy): void => void (copy.body = " \n "), "body", "Policy cannot be empty."],
    [
      "a policy over 40,000 characters",
      (copy: Policy): void => void (copy.body = "a".repeat(40_001)),
      "body",
      "Policy must be at most 40000 characters.",
    ],
    [
      "a date that is not one",
      (copy: Policy): void => void (copy.lastUpdated = "2025-02-30"),
      "lastUpdated",
      "Last updated must be a date (YYYY-MM-DD).",
    ],
  ] as const)(
    "refuses %s with a field message and leaves the page as it was",
    async (_, change, field, message) => {
      const before = await html("/privacy-policy");
      const res = await editor
        .post(`${api}/privacy-policy`, { document: await policyWith(change) })
        .expect(400);
      expect(res.body.fieldErrors[field]).toBe(message);
      expect(await html("/privacy-policy")).toBe(before);
    },
  );
});

describe("drafts and preview links", () => {
  const headline = "A Draft Nobody Sees Yet";

  async function saveDraft() {
    const copy = structuredClone(await published("home")) as { hero: Document };
    copy.hero.title = headline;
    await editor.post(`${api}/home`, { document: copy, draft: true }).expect(200);
  }

  it("keeps a draft from visitors and shows it through a preview link no cache keeps", async () => {
    await saveDraft();
    expect(await html("/")).not.toContain(headline);

    const link = await editor.post(`${api}/home/preview`, {}).expect(200);
    const url = new URL(link.body.url as string);
    expect(url.searchParams.get(PREVIEW_PARAMETER)).toBeTruthy();
    const preview = await visit(`${url.pathname}${url.search}`).expect(200);
    expect(preview.text).toContain(headline);
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(preview.headers["x-robots-tag"]).toBe("noindex");
    expect(preview.headers["x-page-cache"]).toBeUndefined();
    expect(preview.text).toMatch(/<meta name="robots" content="noindex"/);

    // The next plain visit is the published page, from the page cache.
    await visit("/");
    const plain = await visit("/").expect(200);
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.text).not.toContain(headline);
    expect(plain.text).not.toContain('content="noindex"');
  });

  it("shows the published page through an expired, forged or other page's link", async () => {
    await saveDraft();
    const draft = (await editor.get(`${api}/home`).expect(200)).body.page.draft as unknown;
    // Stored as a link is, each with the draft: only the link's state keeps it from showing.
    const stored = async (target: string, expiresAt: Date) => {
      const token = createPreviewToken();
      const tokenHash = hashPreviewToken(token);
      await insertPreviewLink(site.db, { tokenHash, target, document: draft, createdBy: "test", expiresAt });
      return token;
    };
    const expired = await stored("page:home", new Date(Date.now() - 1000));
    const forged = createPreviewToken();
    const otherPage = await stored("page:about", new Date(Date.now() + 3_600_000));
    for (const token of [expired, forged, otherPage, "garbage"]) {
      const res = await visit(`/?${PREVIEW_PARAMETER}=${encodeURIComponent(token)}`).expect(200);
      expect(res.text).not.toContain(headline);
      expect(res.headers["x-robots-tag"]).toBeUndefined();
    }
  });

  it("publishing drops the draft", async () => {
    await saveDraft();
    const copy = await published("home");
    await editor.post(`${api}/home`, { document: copy }).expect(200);
    const view = await editor.get(`${api}/home`).expect(200);
    expect(view.body.page.draft).toBeNull();
  });
});

/**
 * The cards' icons come as data in each page's loader data, not as modules in its scripts
 * (docs/decisions/037-visitor-chunks.md): the page must draw exactly the svg lucide's named
 * icon draws, and carry the drawings of its own icons only.
 */
describe("the cards' icons", () => {
  /** An icon's longest path: what its drawing in the loader data would carry, too. */
  const longestPath = (name: CopyIconName) =>
    [...drawn(name).matchAll(/ d="([^"]+)"/g)]
      .map((match) => match[1] ?? "")
      .sort((a, b) => b.length - a.length)[0] ?? "";
  const classOf = (name: CopyIconName) => /class="([^"]+)"/.exec(drawn(name))?.[1] ?? "";

  /** Each page with icons, and where in its copy the first card's icon is. */
  const firstCard: Array<[CopyPageName, (copy: Document) => Document]> = [
    ["home", (copy) => (copy.whatWeDo as { cards: Document[] }).cards[0] as Document],
    ["about", (copy) => (copy.values as { cards: Document[] }).cards[0] as Document],
    ["services", (copy) => (copy.services as Document[])[0] as Document],
    ["website-design", (copy) => (copy.whyChooseUs as { cards: Document[] }).cards[0] as Document],
    ["web-app-development", (copy) => (copy.technology as { groups: Document[] }).groups[0] as Document],
  ];

  it.each(firstCard)(
    "%s: a card set to another icon shows that icon's svg, and no icon it does not use",
    async (page, cardOf) => {
      const before = await published(page);
      const used = usedIcons(before);
      const [fresh, unused] = copyIconNames.filter((name) => !used.has(name));
      if (!fresh || !unused) throw new Error(`${page} uses nearly every icon`);
      const changed = structuredClone(before);
      cardOf(changed).icon = fresh;
      await editor.post(`${api}/${page}`, { document: changed }).expect(200);

      const shown = await html(copyPages[page].path);
      expect(shown).toContain(drawn(fresh));
      for (const name of usedIcons(changed)) expect(shown, name).toContain(drawn(name));
      // Neither drawn nor in the loader data: the page carries only the icons its copy uses.
      expect(shown).not.toContain(classOf(unused));
      expect(shown).not.toContain(longestPath(unused));

      await editor.post(`${api}/${page}`, { document: before, note: "Restored" }).expect(200);
      expect(await html(copyPages[page].path)).toContain(drawn(cardOf(before).icon as CopyIconName));
    },
  );

  it("a draft's icon shows through its preview link", async () => {
    const before = await published("web-app-development");
    const [fresh] = copyIconNames.filter((name) => !usedIcons(before).has(name));
    if (!fresh) throw new Error("the page uses every icon");
    const draft = structuredClone(before);
    ((draft.technology as { groups: Document[] }).groups[0] as Document).icon = fresh;
    await editor.post(`${api}/web-app-development`, { document: draft, draft: true }).expect(200);

    expect(await html(paths.webAppDevelopment)).not.toContain(drawn(fresh));
    const link = await editor.post(`${api}/web-app-development/preview`, {}).expect(200);
    const url = new URL(link.body.url as string);
    expect((await visit(`${url.pathname}${url.search}`).expect(200)).text).toContain(drawn(fresh));
    await editor.post(`${api}/web-app-development`, { document: before }).expect(200);
  });
});

describe("revisions and the audit log", () => {
  it("keeps each publish as a revision, and restoring one is saving it again", async () => {
    const original = await published("about");
    const changed = structuredClone(original) as { header: Document };
    changed.header.title = "About The Studio";
    await editor.post(`${api}/about`, { document: changed }).expect(200);
    const [latest] = await listRevisions(site.db, "page:about");
    expect(latest).toMatchObject({ document: changed, actor: editor.email, note: null });
    expect(await html("/about")).toContain("About The Studio");

    const restored = await savePageCopy(
      { db: site.db, actor: { actor: "cli:root", ip: "cli" }, now: () => new Date() },
      "about",
      original,
      { note: `Restored revision ${latest?.id ?? 0}` },
    );
    expect(restored.ok).toBe(true);
    expect(await published("about")).toEqual(original);
    expect(await html("/about")).not.toContain("About The Studio");
    const revisions = await listRevisions(site.db, "page:about");
    expect(revisions[0]?.note).toBe(`Restored revision ${latest?.id ?? 0}`);

    const audit = (await listAudit(site.db, { limit: 500 })).filter((entry) => entry.target === "about");
    expect(audit.map((entry) => entry.action)).toContain("copy.publish");
    expect(audit.find((entry) => entry.actor === editor.email)?.ip).toBeTruthy();
  });
});

describe("reading copy", () => {
  it("reads a page's copy once per content revision", async () => {
    const source = createPageCopySource(site.db);
    const url = `${site.config.settings.siteUrl}/`;
    const first = await source.read("home", url);
    // Changed behind the reader's back, without the revision moving: it keeps what it read.
    await site.db
      .updateTable("page_copy")
      .set({ published: JSON.stringify({ ...first.copy, hero: { ...first.copy.hero, title: "Sideways" } }) })
      .where("page", "=", "home")
      .execute();
    expect((await source.read("home", url)).copy.hero.title).toBe(first.copy.hero.title);
    await bumpContentRevision(site.db);
    expect((await source.read("home", url)).copy.hero.title).toBe("Sideways");
  });
});

describe("site-admin pages (also spelled copy)", () => {
  it("shows a page's copy as an outline and as the JSON `pages set` takes back", async () => {
    const outline = await runCliOn(site, "pages", "show", "services");
    expect(outline.code).toBe(0);
    expect(outline.stdout).toContain("Services (/services)");
    expect(outline.stdout).toMatch(/Title: Website Design & Development/);

    const shown = await runCliOn(site, "pages", "show", "services", "--json");
    const copy = JSON.parse(shown.stdout) as { header: Document };
    copy.header.title = "Everything We Do";
    const file = path.join(scratch, "services.json");
    writeFileSync(file, JSON.stringify(copy));
    const set = await runCliOn(site, "pages", "set", "services", "--from-file", file);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Published the copy of services \(revision \d+\)/);
    expect(await html("/services")).toContain("Everything We Do");
    expect(JSON.parse((await runCliOn(site, "pages", "show", "services", "--json")).stdout)).toEqual(copy);
    // `copy`, the command's old name, still works as an alias.
    expect(JSON.parse((await runCliOn(site, "copy", "show", "services", "--json")).stdout)).toEqual(copy);
  });

  it("refuses an invalid file naming each field, and changes nothing", async () => {
    const before = (await runCliOn(site, "copy", "show", "contact", "--json")).stdout;
    const copy = JSON.parse(before) as { header: Document };
    copy.header.title = "";
    copy.header.subtitle = "x".repeat(400);
    const file = path.join(scratch, "contact.json");
    writeFileSync(file, JSON.stringify(copy));
    const set = await runCliOn(site, "copy", "set", "contact", "--from-file", file);
    expect(set.code).toBe(1);
    expect(set.stderr).toContain("error: header.title: Title cannot be empty.");
    expect(set.stderr).toContain(
      "error: header.subtitle: Line under the title must be at most 300 characters.",
    );
    expect((await runCliOn(site, "copy", "show", "contact", "--json")).stdout).toBe(before);

    writeFileSync(file, "{ not json");
    expect((await runCliOn(site, "copy", "set", "contact", "--from-file", file)).stderr).toMatch(
      /is not JSON/,
    );
    expect((await runCliOn(site, "copy", "show", "nowhere")).stderr).toMatch(/unknown page nowhere/);
  });

  it("makes a preview link for a draft", async () => {
    const copy = JSON.parse((await runCliOn(site, "pages", "show", "news", "--json")).stdout) as {
      header: Document;
    };
    copy.header.title = "Drafted From The Terminal";
    const file = path.join(scratch, "news.json");
    writeFileSync(file, JSON.stringify(copy));
    expect((await runCliOn(site, "pages", "set", "news", "--from-file", file, "--draft")).code).toBe(0);
    expect(await html("/news")).not.toContain("Drafted From The Terminal");
    const link = await runCliOn(site, "pages", "preview", "news", "--hours", "1");
    const url = new URL(link.stdout.split("\n")[0] ?? "");
    expect(await html(`${url.pathname}${url.search}`)).toContain("Drafted From The Terminal");
    expect(readFileSync(file, "utf8")).toContain("Drafted");
  });
});

/**
 * Pages that hydrate carry their copy in their page data only when staff changed it
 * (docs/decisions/039-editable-page-copy.md): the shipped copy is in their own script.
 */
describe("the copy in a hydrating page's data", () => {
  const hydrating = [
    { page: "website-design", at: "hero" },
    { page: "web-app-development", at: "hero" },
    { page: "book-appointment", at: "header" },
    { page: "news", at: "header" },
  ] as const;

  /** A page's HTML split into what it shows and the hydration data its script reads. */
  /** The page without its scripts, and what its scripts carry (a form island's props, decision 064). */
  function splitPage(text: string) {
    const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
    return { markup: text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""), scripts: scripts.join("\n") };
  }

  const subtitleOf = (document: Document, at: string) => (document[at] as { subtitle: string }).subtitle;
  const count = (text: string, part: string) => text.split(part).length - 1;

  it.each(hydrating)(
    "$page sends its copy, shipped or edited, once in the markup and never in a script: only its form hydrates",
    async ({ page, at }) => {
      const path = copyPages[page].path;
      const shipped = await published(page);
      const before = splitPage(await html(path));
      expect(before.markup, "the page has a form island").toContain("data-island");
      expect(count(before.markup, subtitleOf(shipped, at))).toBe(1);
      expect(before.scripts).not.toContain(subtitleOf(shipped, at));

      const edited = structuredClone(shipped);
      (edited[at] as { subtitle: string }).subtitle = `Changed by staff for ${page}`;
      await editor.post(`${api}/${page}`, { document: edited }).expect(200);
      const after = splitPage(await html(path));
      expect(count(after.markup, `Changed by staff for ${page}`)).toBe(1);
      expect(after.scripts).not.toContain(`Changed by staff for ${page}`);
      expect(after.markup).not.toContain(subtitleOf(shipped, at));

      await editor.post(`${api}/${page}`, { document: shipped }).expect(200);
      const restored = splitPage(await html(path));
      expect(count(restored.markup, subtitleOf(shipped, at))).toBe(1);
      expect(restored.markup).not.toContain(`Changed by staff for ${page}`);
    },
  );

  it("a preview link shows a draft in the markup, and no script carries it", async () => {
    const shipped = await published("book-appointment");
    const draft = structuredClone(shipped);
    (draft.header as Document).subtitle = "A drafted line for the booking page";
    await editor.post(`${api}/book-appointment`, { document: draft, draft: true }).expect(200);
    expect(splitPage(await html(paths.bookAppointment)).markup).not.toContain("A drafted line");

    const link = await editor.post(`${api}/book-appointment/preview`, {}).expect(200);
    const url = new URL(link.body.url as string);
    const preview = splitPage(await html(`${url.pathname}${url.search}`));
    expect(count(preview.markup, "A drafted line for the booking page")).toBe(1);
    expect(preview.scripts).not.toContain("A drafted line for the booking page");
    await editor.post(`${api}/book-appointment`, { document: shipped }).expect(200);
  });
});

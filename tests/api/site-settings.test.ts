import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type SiteApp } from "#server/app.ts";
import { loadConfig } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";
import { listRevisions } from "#server/db/history.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import { runCliOn } from "#tests/support/cli.ts";
import { useMailingTestApp } from "#tests/support/mailing-test-app.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { endpoints, testFormSecret, websiteDesignLead } from "#tests/support/submissions.ts";
import { loadServerBuild } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

/**
 * The site settings in the database (docs/decisions/038-site-settings-in-the-database.md):
 * admins edit them in the workspace or with `site-admin settings`, every page, the
 * structured data and the next e-mail use them with no restart, and a bad value changes
 * nothing.
 */

const SETTINGS = "/admin/api/settings";
const seededInbox = "leads@agency.test";
const mailing = useMailingTestApp({ SITE_PHONE: "+27215550111", MAIL_TO: seededInbox });
const site = () => mailing.site;

let admin: StaffClient;
let editor: StaffClient;
let sales: StaffClient;

beforeAll(async () => {
  admin = await signInAs(site(), "admin");
  editor = await signInAs(site(), "editor");
  sales = await signInAs(site(), "sales");
});

async function stored(): Promise<EditableSettings> {
  const answer = await admin.get(SETTINGS).expect(200);
  return answer.body.settings as EditableSettings;
}

async function save(changes: Partial<Record<keyof EditableSettings, unknown>>) {
  return admin.post(SETTINGS, { settings: { ...(await stored()), ...changes } });
}

const page = async (path: string, app = site().app) => (await request(app).get(path).expect(200)).text;

/** The Organization's telephone in the page's structured data. */
function structuredPhone(html: string): string | undefined {
  for (const match of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const found = /"telephone":"([^"]+)"/.exec(match[1] ?? "");
    if (found) return found[1];
  }
  return undefined;
}

describe("a new database", () => {
  it("starts with the environment's values, the phone as SITE_PHONE writes it and MAIL_TO as the agency inbox", async () => {
    const settings = await stored();
    expect(settings).toMatchObject({
      brandName: defaultSiteSettings.brandName,
      // SITE_PHONE_DISPLAY is unset, so the number is shown as SITE_PHONE gives it.
      phone: "+27215550111",
      phoneDial: "+27215550111",
      agencyInbox: seededInbox,
    });
    const row = await site().db.selectFrom("site_settings").select("document").executeTakeFirstOrThrow();
    expect(JSON.parse(row.document)).toEqual(settings);
  });
});

describe("who may edit them", () => {
  it("refuses sales, reading or saving, and an editor the brand name, and leaves the settings as they were", async () => {
    const before = await stored();
    expect((await sales.get(SETTINGS)).status).toBe(403);
    const refused = await sales.post(SETTINGS, { settings: { ...before, brandName: "Taken Over" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Your role does not give you access to this.");
    // Editors change the contact details, links and map; the rest is an admin's (decision 068).
    expect((await editor.get(SETTINGS)).status).toBe(200);
    const answer = await editor.post(SETTINGS, { settings: { ...before, brandName: "Taken Over" } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(
      "Only an admin can change the brand name: the site’s e-mails are sent under it.",
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses a save without the session's CSRF token", async () => {
    const answer = await request(site().app)
      .post(SETTINGS)
      .set("Cookie", admin.cookie)
      .set("Origin", new URL(site().config.settings.siteUrl).origin)
      .send({ settings: await stored() });
    expect(answer.status).toBe(403);
  });
});

describe("an admin's save", () => {
  it("shows on the home and contact pages and in their structured data at once, with no restart", async () => {
    const answer = await save({ phone: "021 555 0199", street: "12 Loop Street" });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toEqual(["phone", "street"]);
    expect(answer.body.settings).toMatchObject({ phone: "+27 21 555 0199", phoneDial: "+27215550199" });

    for (const path of ["/", "/contact"]) {
      const html = await page(path);
      expect(html).toContain("+27 21 555 0199");
      expect(html).toContain('href="tel:+27215550199"');
      expect(html).not.toContain("+27 21 555 0111");
      expect(structuredPhone(html)).toBe("+27215550199");
    }
    expect(await page("/contact")).toContain("12 Loop Street");
  });

  it("keeps a revision of the whole document and an audit entry naming the fields changed", async () => {
    await save({ brandName: "Kloof Studio" });
    const [latest] = await listRevisions(site().db, "settings", { limit: 1 });
    expect(latest?.document).toEqual(await stored());
    expect(latest?.actor).toBe(admin.email);
    const audit = await site()
      .db.selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "settings.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe(admin.email);
    expect(JSON.parse(audit.detail ?? "{}")).toEqual({ changed: ["brandName"] });
    expect(await page("/")).toContain("Kloof Studio");
  });

  it("saves nothing, and keeps no revision, when nothing changed", async () => {
    const before = await listRevisions(site().db, "settings");
    const answer = await save({});
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toEqual([]);
    expect(await listRevisions(site().db, "settings")).toHaveLength(before.length);
  });

  it("is used by the next lead notification: the new inbox, the brand in the sender's name", async () => {
    const saved = await save({ brandName: "Bree Street Digital", agencyInbox: "new-leads@agency.test" });
    expect(saved.status).toBe(200);
    await request(site().app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    await site().outbox.drain();
    // Moving the inbox also tells every active admin (decision 048); the lead's e-mail is the other one.
    const [notice, ...others] = mailing.sink.messages.filter((message) =>
      message.text?.includes("/admin/audit"),
    );
    expect(notice?.subject).toContain("e-mails go changed");
    expect(others).toEqual([]);
    const mail = mailing.sink.messages.find((message) => message !== notice);
    expect(mail?.to).toEqual(["new-leads@agency.test"]);
    expect(mail?.raw).toMatch(/^From: Bree Street Digital website <hello@kloofdigital\.co\.za>/m);
    expect(mail?.text).toContain("Bree Street Digital");
  });
});

describe("a bad value", () => {
  const cases: Array<[string, keyof EditableSettings, unknown, string]> = [
    ["script text", "brandName", "<script>alert(1)</script>", "Brand name cannot contain < or >."],
    ["a 10 KB value", "street", "x".repeat(10_240), "Street must be at most 100 characters."],
    ["an empty required value", "city", "   ", "City is required."],
    [
      "a number that is no phone number",
      "phone",
      "021 555",
      "Phone must be a phone number, e.g. 021 555 0199.",
    ],
    ["letters for a phone number", "phone", "call us", "Phone must be a phone number, e.g. 021 555 0199."],
    [
      "an http map link",
      "mapUrl",
      "http://www.google.com/maps?q=Cape+Town",
      "Map link must start with https://.",
    ],
    [
      "a map link on another host",
      "mapUrl",
      "https://maps.example.com/?q=Cape+Town",
      "Map link must be a Google Maps or OpenStreetMap link (www.google.com, google.com, maps.google.com, www.google.co.za, maps.app.goo.gl, www.openstreetmap.org, openstreetmap.org).",
    ],
    [
      "an embed on a host the page may not frame",
      "mapEmbedUrl",
      "https://maps.app.goo.gl/abc",
      "Map embed link must be a Google Maps or OpenStreetMap link (www.google.com, maps.google.com, www.openstreetmap.org).",
    ],
    [
      "a LinkedIn link elsewhere",
      "linkedinUrl",
      "https://linkedin.com.evil.example/x",
      "LinkedIn page must be a link on linkedin.com.",
    ],
    [
      "a bad e-mail",
      "email",
      "hello@",
      "Contact e-mail must be an e-mail address, e.g. hello@example.co.za.",
    ],
    ["a control character", "suburb", "Gardens\u0007", "Suburb contains characters that are not allowed."],
  ];

  it.each(cases)(
    "%s is refused with its field's message and nothing changes",
    async (_name, key, value, message) => {
      const before = await stored();
      const home = await page("/");
      const revisions = (await listRevisions(site().db, "settings")).length;
      const answer = await save({ [key]: value });
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors).toEqual({ [key]: message });
      expect(answer.body.error).toBe(message);
      expect(await stored()).toEqual(before);
      expect(await page("/")).toBe(home);
      expect(await listRevisions(site().db, "settings")).toHaveLength(revisions);
    },
  );

  it("names a field the settings do not have", async () => {
    const answer = await save({ tagline: "Anything" } as Partial<Record<keyof EditableSettings, unknown>>);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ tagline: "There is no setting called tagline." });
  });

  it("keeps a name in any script as typed", async () => {
    const answer = await save({ suburb: "Bo-Kaap · Схід · 開普敦" });
    expect(answer.status).toBe(200);
    expect((await stored()).suburb).toBe("Bo-Kaap · Схід · 開普敦");
  });
});

describe("moving the agency inbox", () => {
  it("asks for a fresh proof of who is at the keyboard, and then saves", async () => {
    await site()
      .db.updateTable("staff_sessions")
      .set({ proved_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .where("csrf_token", "=", admin.csrfToken)
      .execute();
    const before = await stored();
    const refused = await save({ agencyInbox: "elsewhere@agency.test" });
    expect(refused.status).toBe(403);
    // The refusal says what the change is, for "Confirm it's you" (decision 048).
    expect(refused.body).toEqual({
      error:
        "Moving the agency inbox or the sender of the site’s e-mails needs your password and a code, or a passkey, from the last 5 minutes.",
      stepUp: true,
    });
    expect(await stored()).toEqual(before);

    // Other settings need no proof.
    expect((await save({ region: "Western Cape" })).status).toBe(200);

    await site()
      .db.updateTable("staff_sessions")
      .set({ proved_at: new Date().toISOString() })
      .where("csrf_token", "=", admin.csrfToken)
      .execute();
    const saved = await save({ agencyInbox: "elsewhere@agency.test" });
    expect(saved.status).toBe(200);
    expect((await stored()).agencyInbox).toBe("elsewhere@agency.test");
  });
});

describe("site-admin settings", () => {
  it("lists every setting by its key, and as JSON", async () => {
    const listed = await runCliOn(site(), "settings", "list");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^brand-name\s+\S/m);
    expect(listed.stdout).toMatch(/^phone-dial\s+\+\d+ \(from phone\)/m);
    expect(listed.stdout).toMatch(/^agency-inbox\s+\S+@/m);
    const json = await runCliOn(site(), "settings", "list", "--json");
    expect(JSON.parse(json.stdout)).toEqual(await stored());
  });

  it("sets the phone, deriving the dial form, and the page shows it", async () => {
    const set = await runCliOn(site(), "settings", "set", "phone", "+27 21 555 0177");
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(
      "Set phone to +27 21 555 0177 (dialled as +27215550177); every page shows it within a second.\n",
    );
    expect(await stored()).toMatchObject({ phone: "+27 21 555 0177", phoneDial: "+27215550177" });
    const [latest] = await listRevisions(site().db, "settings", { limit: 1 });
    expect(latest?.actor).toMatch(/^cli:/);
    await until(async () => (await page("/contact")).includes("tel:+27215550177"), 5_000, "the new phone");
  });

  it("refuses a bad value and an unknown key, naming the valid keys, and changes nothing", async () => {
    const before = await stored();
    const bad = await runCliOn(site(), "settings", "set", "map-url", "http://www.google.com/maps");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("error: Map link must start with https://.\n");
    const unknown = await runCliOn(site(), "settings", "set", "fax", "021 555 0100");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'error: unknown setting "fax"; the settings are: brand-name, email, phone, street, suburb, city, region, postal-code, map-url, map-embed-url, linkedin, agency-inbox, meeting-place\n',
    );
    expect(await stored()).toEqual(before);
  });
});

describe("a second instance on the same database", () => {
  let second: SiteApp | undefined;
  afterAll(async () => second?.close());

  it("keeps the stored settings over its own environment, and shows a save made on the first within a second", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: site().dataDir,
      FORM_SECRET: testFormSecret,
      ...site().database.env,
      // A different environment: the stored row wins over it.
      SITE_PHONE: "+27215550999",
    });
    // The real intervals: the page cache's and the settings' own.
    second = await createApp({
      config,
      logger: createLogger("silent"),
      build: await loadServerBuild(),
      outbox: { autoStart: false },
    });
    const app = second.app;
    const current = await stored();
    expect(await page("/contact", app)).toContain(`tel:${current.phoneDial}`);
    expect(await page("/contact", app)).not.toContain("+27215550999");

    expect((await save({ phone: "+27 21 555 0123" })).status).toBe(200);
    // The page cache looks at the revision once a second; the wait allows for a loaded machine.
    await until(
      async () => (await page("/contact", app)).includes("tel:+27215550123"),
      5_000,
      "the second instance",
    );
    expect(structuredPhone(await page("/", app))).toBe("+27215550123");
  });
});

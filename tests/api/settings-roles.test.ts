import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STEP_UP_MS } from "#server/auth/policy.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Roles that fit (docs/decisions/068-roles-that-fit.md), as an attack: an editor (marketing)
 * changes the contact details, links and map, but no door lets them move where lead e-mails
 * go or who sends the site's e-mails, not even History's restore of an old revision; an
 * admin moves those only with a proof from the last 5 minutes; sales never reach the
 * settings at all. A refusal changes nothing.
 */
const SETTINGS = "/admin/api/settings";
const seededInbox = "leads@agency.test";

let site: TestApp;
let admin: StaffClient;
let editor: StaffClient;
let sales: StaffClient;

beforeAll(async () => {
  // No MAIL_FROM: the contact e-mail is the sender, so it is the admins' too.
  site = await createTestApp({ MAIL_TO: seededInbox }, { outbox: { autoStart: false } });
  admin = await signInAs(site, "admin", "owner@agency.test");
  editor = await signInAs(site, "editor", "marketing@agency.test");
  sales = await signInAs(site, "sales", "sales@agency.test");
});
afterAll(async () => {
  await site.cleanup();
});

async function setProof(client: StaffClient, at: Date): Promise<void> {
  await site.db
    .updateTable("staff_sessions")
    .set({ proved_at: at.toISOString() })
    .where("csrf_token", "=", client.csrfToken)
    .execute();
}

async function stored(): Promise<Record<string, string>> {
  return (await admin.get(SETTINGS).expect(200)).body.settings as Record<string, string>;
}

const save = async (client: StaffClient, change: Record<string, string>) =>
  client.post(SETTINGS, { settings: { ...(await stored()), ...change } });

/** Everything a settings change could touch. */
async function snapshot() {
  const db = site.db;
  return {
    settings: await stored(),
    revisions: await db.selectFrom("revisions").select("id").orderBy("id").execute(),
    audit: await db.selectFrom("audit_log").select("id").orderBy("id").execute(),
    outbox: await db.selectFrom("outbox").select("id").orderBy("id").execute(),
  };
}

async function newestSettingsRevision(): Promise<number> {
  const row = await site.db
    .selectFrom("revisions")
    .select("id")
    .where("target", "=", "settings")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("an editor", () => {
  it("reads the settings, told that the contact e-mail is the sender", async () => {
    const answer = await editor.get(SETTINGS).expect(200);
    expect(answer.body.settings.agencyInbox).toBe(seededInbox);
    expect(answer.body.contactEmailSends).toBe(true);
  });

  it("changes the phone number, the address, LinkedIn and the map, stored and audited in their name", async () => {
    const answer = await save(editor, {
      phone: "021 555 0177",
      street: "3 Bree Street",
      linkedinUrl: "https://www.linkedin.com/company/kloof-studio",
      mapUrl: "https://www.openstreetmap.org/#map=18/-33.92/18.42",
      mapEmbedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=18.41,-33.93,18.43,-33.91",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toEqual(["phone", "street", "mapUrl", "mapEmbedUrl", "linkedinUrl"]);
    expect(await stored()).toMatchObject({
      phone: "+27 21 555 0177",
      phoneDial: "+27215550177",
      street: "3 Bree Street",
      linkedinUrl: "https://www.linkedin.com/company/kloof-studio",
    });
    const [entry] = await listAudit(site.db, { limit: 1, action: "settings.update" });
    expect(entry?.actor).toBe(editor.email);
    expect(entry?.detail).toMatchObject({
      changed: ["phone", "street", "mapUrl", "mapEmbedUrl", "linkedinUrl"],
    });
    // The contact page shows it at once.
    const contact = await request(site.app).get("/contact").expect(200);
    expect(contact.text).toContain("+27 21 555 0177");
  });

  it("is refused the agency inbox, the sender, the brand name and the meeting place, each in a sentence, and nothing changes", async () => {
    const before = await snapshot();
    const attempts: [Record<string, string>, string, string][] = [
      [
        { agencyInbox: "mine@elsewhere.test" },
        "agencyInbox",
        "Only an admin can change where lead e-mails go.",
      ],
      [
        { email: "mine@elsewhere.test" },
        "email",
        "Only an admin can change the address the site’s e-mails are sent from.",
      ],
      [
        { brandName: "Someone Else" },
        "brandName",
        "Only an admin can change the brand name: the site’s e-mails are sent under it.",
      ],
      [
        { meetingPlace: "https://meet.example.test/x" },
        "meetingPlace",
        "Only an admin can change where meetings are held.",
      ],
    ];
    for (const [change, field, sentence] of attempts) {
      // A fresh proof makes no difference: no proof makes an editor an admin.
      await setProof(editor, new Date());
      const answer = await save(editor, { ...change, phone: "021 555 0999" });
      expect(answer.status, field).toBe(403);
      expect(answer.body.error, field).toBe(sentence);
      expect(answer.body.stepUp, field).toBeUndefined();
      expect(answer.body.fieldErrors, field).toEqual({ [field]: sentence });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot move the inbox by restoring an old settings revision in History", async () => {
    await setProof(admin, new Date());
    expect((await save(admin, { agencyInbox: "old-inbox@elsewhere.test" })).status).toBe(200);
    const oldInbox = await newestSettingsRevision();
    expect((await save(admin, { agencyInbox: seededInbox })).status).toBe(200);
    await site.outbox.drain();

    const before = await snapshot();
    const restore = await editor.post("/admin/api/revisions/restore", {
      target: "settings",
      revision: oldInbox,
    });
    expect(restore.status).toBe(403);
    expect(restore.body.error).toBe("Only an admin can change where lead e-mails go.");
    expect(restore.body.stepUp).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  it("restores an old revision that changes only the contact details", async () => {
    expect((await save(editor, { phone: "021 555 0111" })).status).toBe(200);
    const oldPhone = await newestSettingsRevision();
    expect((await save(editor, { phone: "021 555 0222" })).status).toBe(200);
    const restore = await editor.post("/admin/api/revisions/restore", {
      target: "settings",
      revision: oldPhone,
    });
    expect(restore.status).toBe(200);
    expect((await stored()).phone).toBe("+27 21 555 0111");
  });

  it("cannot read or change the booking calendar's rules", async () => {
    expect((await editor.get("/admin/api/availability")).status).toBe(403);
    expect((await editor.post("/admin/api/availability", { rules: { hours: "08:00-12:00" } })).status).toBe(
      403,
    );
  });
});

describe("an admin", () => {
  it("moving the inbox or the sender with a proof older than 5 minutes is asked to confirm it's them, and nothing changes", async () => {
    await setProof(admin, new Date(Date.now() - STEP_UP_MS - 60_000));
    const before = await snapshot();
    const changes: Record<string, string>[] = [
      { agencyInbox: "new@agency.test" },
      { email: "sender@agency.test" },
    ];
    for (const change of changes) {
      const answer = await save(admin, change);
      expect(answer.status).toBe(403);
      expect(answer.body.stepUp).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
    // The rest needs no proof.
    expect((await save(admin, { brandName: "Kloof Studio" })).status).toBe(200);
  });

  it("moves the inbox with a fresh proof", async () => {
    await setProof(admin, new Date());
    expect((await save(admin, { agencyInbox: "new@agency.test" })).status).toBe(200);
    expect((await stored()).agencyInbox).toBe("new@agency.test");
    await site.outbox.drain();
  });
});

describe("sales", () => {
  it("can neither read nor change the settings, by a save or a restore", async () => {
    const before = await snapshot();
    expect((await sales.get(SETTINGS)).status).toBe(403);
    const answer = await sales.post(SETTINGS, { settings: { ...before.settings, phone: "021 555 0999" } });
    expect(answer.status).toBe(403);
    const revision = await newestSettingsRevision();
    expect((await sales.post("/admin/api/revisions/restore", { target: "settings", revision })).status).toBe(
      403,
    );
    expect(await snapshot()).toEqual(before);
  });
});

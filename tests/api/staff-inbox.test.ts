import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromDbBoolean } from "#server/db/dialect.ts";
import { listAudit } from "#server/db/audit-log.ts";
import { notificationKindLabel } from "#shared/notification-kinds.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import {
  createArrivalsApp,
  submitFormAt,
  type ArrivalClock,
  type ArrivingForm,
} from "#tests/support/lead-arrivals.ts";

/**
 * The workspace's Leads API: the inbox sales staff work from, and each change going
 * through the same code as the admin CLI, audited with who and from where.
 */
type Item = { id: string; form: string; name: string; read: boolean; status: string; suspected: boolean };
type Page = { items: Item[]; total: number; page: number; pageSize: number };

let site: TestApp;
let sales: StaffClient;
const clock: ArrivalClock = { at: new Date() };

const submitAt = (iso: string, form: ArrivingForm, answers: Record<string, unknown> = {}) =>
  submitFormAt(site, clock, iso, form, answers);

const ids = async (query = ""): Promise<string[]> => {
  const response = await sales.get(`/admin/api/inbox${query}`);
  expect(response.status).toBe(200);
  return (response.body as Page).items.map((item) => item.id);
};

const siteOrigin = () => new URL(site.config.settings.siteUrl).origin;
const auditCount = async () => (await listAudit(site.db, { limit: 1000 })).length;

beforeAll(async () => {
  // The mail server is down and one failed attempt is the last, so notifications go dead.
  site = await createArrivalsApp(clock, { outbox: { autoStart: false, maxAttempts: 1 } });
  sales = await signInAs(site, "sales");
  await submitAt("2026-11-20T08:00:00Z", "website-design");
  await submitAt("2026-11-21T08:00:00Z", "web-app");
  // Sunday 23:30 in Cape Town, then Monday 00:30 there (still Sunday in UTC).
  await submitAt("2026-11-22T21:30:00Z", "appointment");
  await submitAt("2026-11-22T22:30:00Z", "appointment", {
    name: "Lerato Mokoena",
    email: "lerato@mokoena.co.za",
    company: "",
  });
  // A filled honeypot: held back as suspected spam.
  await submitAt("2026-11-23T08:00:00Z", "website-design", {
    website: "x",
    fullName: "Potted Pete",
    businessEmail: "pete@spam.test",
  });
});
afterAll(() => site.cleanup());

describe("the inbox", () => {
  it("lists leads and appointment requests, unread first then newest, suspected ones apart", async () => {
    const response = await sales.get("/admin/api/inbox");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect((response.body as Page).items).toEqual([
      {
        id: "ap-2",
        form: "appointment",
        name: "Lerato Mokoena",
        company: null,
        email: "lerato@mokoena.co.za",
        receivedAt: "2026-11-22T22:30:00.000Z",
        read: false,
        status: "new",
        suspected: false,
        owner: null,
        repeatOf: null,
      },
      expect.objectContaining({ id: "ap-1", form: "appointment", name: "Thandi Nkosi" }),
      expect.objectContaining({ id: "wa-1", form: "web-app", company: "FleetCo" }),
      expect.objectContaining({ id: "wd-1", form: "website-design", email: "jane@acme.co.za" }),
    ]);
    // Leads arrive unread, as appointment requests do.
    expect((response.body as Page).items.map((item) => item.read)).toEqual([false, false, false, false]);
    expect(await ids("?suspected=1")).toEqual(["wd-2"]);
  });

  it("filters by form, status and Cape Town days", async () => {
    expect(await ids("?form=web-app")).toEqual(["wa-1"]);
    expect(await ids("?form=appointment")).toEqual(["ap-2", "ap-1"]);
    expect(await ids("?status=new&form=website-design")).toEqual(["wd-1"]);
    expect(await ids("?status=won")).toEqual([]);
    // Monday in Cape Town starts at 22:00 UTC on Sunday.
    expect(await ids("?since=2026-11-23")).toEqual(["ap-2"]);
    expect(await ids("?until=2026-11-22")).toEqual(["ap-1", "wa-1", "wd-1"]);
    expect(await ids("?since=2026-11-21&until=2026-11-21")).toEqual(["wa-1"]);
  });

  it("searches name, company and e-mail address in any case", async () => {
    expect(await ids("?q=ACME")).toEqual(["wd-1"]);
    expect(await ids("?q=sipho%20DLAMINI")).toEqual(["wa-1"]);
    expect(await ids("?q=MOKOENA.co")).toEqual(["ap-2"]);
    expect(await ids("?q=nkosi")).toEqual(["ap-1"]);
    expect(await ids("?q=%25")).toEqual([]);
    expect(await ids("?q=pete&suspected=1")).toEqual(["wd-2"]);
  });

  it("shows one record in full with its status history", async () => {
    const lead = await sales.get("/admin/api/inbox/wa-1");
    expect(lead.status).toBe(200);
    expect(lead.body).toMatchObject({
      form: "web-app",
      id: "wa-1",
      record: {
        id: "wa-1",
        fullName: "Sipho Dlamini",
        phoneNumber: "+27825550199",
        industry: "Logistics",
        companySize: "51-200",
        status: "new",
      },
      history: [],
    });
    const request_ = await sales.get("/admin/api/inbox/ap-1");
    expect(request_.body).toMatchObject({
      form: "appointment",
      record: { id: 1, name: "Thandi Nkosi", read: false, serviceType: "web-development" },
    });
  });
});

describe("a status change", () => {
  it("is the CLI's: `leads show` sees it, with the staff member as who, and it is audited with their IP", async () => {
    const response = await sales.post("/admin/api/inbox/wd-1/status", {
      status: "contacted",
      note: "Called, proposal Friday",
    });
    expect(response.status).toBe(200);
    expect(response.body.history).toEqual([
      {
        status: "contacted",
        note: "Called, proposal Friday",
        changedBy: "sales@agency.test",
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const shown = await cli(site, "leads", "show", "wd-1");
    expect(shown.stdout).toMatch(/Status: +contacted \(sales@agency\.test, /);
    expect(shown.stdout).toMatch(/contacted by sales@agency\.test: Called, proposal Friday/);

    const [entry] = await listAudit(site.db, { limit: 1 });
    expect(entry).toMatchObject({
      actor: "sales@agency.test",
      action: "lead.status",
      target: "wd-1",
      detail: { from: "new", to: "contacted", note: "Called, proposal Friday" },
    });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);
    // The status leaves the read mark alone: staff mark a lead read themselves.
    expect(await ids()).toEqual(["ap-2", "ap-1", "wa-1", "wd-1"]);
    expect((await sales.get("/admin/api/inbox?form=website-design")).body.items[0]).toMatchObject({
      id: "wd-1",
      read: false,
    });
  });

  it("of an appointment request is recorded against it too", async () => {
    const response = await sales.post("/admin/api/inbox/ap-2/status", { status: "qualified" });
    expect(response.status).toBe(200);
    const listed = await cli(site, "appointments", "list", "--status", "qualified", "--json");
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: 2, statusBy: "sales@agency.test" }]);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      action: "lead.status",
      target: "ap-2",
    });
  });
});

describe("the read mark", () => {
  it("toggles an appointment request's, as `appointments read` does, and audits it", async () => {
    const read = await sales.post("/admin/api/inbox/ap-1/read", { read: true });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: "ap-1", read: true, changed: true });
    const listed = await cli(site, "appointments", "list", "--unread", "--json");
    expect(JSON.parse(listed.stdout).map((row: { id: number }) => row.id)).toEqual([2]);
    expect(await ids()).toEqual(["ap-2", "wa-1", "wd-1", "ap-1"]);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "sales@agency.test",
      action: "lead.read",
      target: "ap-1",
      detail: { read: true },
    });

    const unread = await sales.post("/admin/api/inbox/ap-1/read", { read: false });
    expect(unread.body).toEqual({ id: "ap-1", read: false, changed: true });
    expect(await ids()).toEqual(["ap-2", "ap-1", "wa-1", "wd-1"]);
  });

  it("toggles a web-app lead's, as `leads read` does, and audits it; again changes nothing", async () => {
    const stored = async () =>
      fromDbBoolean(
        (
          await site.db
            .selectFrom("web_app_leads")
            .select("read")
            .where("id", "=", 1)
            .executeTakeFirstOrThrow()
        ).read,
      );
    const read = await sales.post("/admin/api/inbox/wa-1/read", { read: true });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: "wa-1", read: true, changed: true });
    expect(await stored()).toBe(true);
    const [entry] = await listAudit(site.db, { limit: 1 });
    expect(entry).toMatchObject({
      actor: "sales@agency.test",
      action: "lead.read",
      target: "wa-1",
      detail: { read: true },
    });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);
    // Read, it goes below the unread ones, the older wd-1 among them.
    expect(await ids()).toEqual(["ap-2", "ap-1", "wd-1", "wa-1"]);
    const unreadLeads = await cli(site, "leads", "list", "--unread", "--json");
    expect(JSON.parse(unreadLeads.stdout).map((row: { id: string }) => row.id)).toEqual(["wd-1"]);
    expect((await sales.get("/admin/api/inbox/wa-1")).body.record.read).toBe(true);

    const before = await auditCount();
    const again = await sales.post("/admin/api/inbox/wa-1/read", { read: true });
    expect(again.body).toEqual({ id: "wa-1", read: true, changed: false });
    expect(await auditCount()).toBe(before);

    const unread = await sales.post("/admin/api/inbox/wa-1/read", { read: false });
    expect(unread.body).toEqual({ id: "wa-1", read: false, changed: true });
    expect(await stored()).toBe(false);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "sales@agency.test",
      action: "lead.read",
      target: "wa-1",
      detail: { read: false },
    });
    const unreadAgain = await sales.post("/admin/api/inbox/wa-1/read", { read: false });
    expect(unreadAgain.body).toEqual({ id: "wa-1", read: false, changed: false });
    expect(await auditCount()).toBe(before + 1);
    expect(await ids()).toEqual(["ap-2", "ap-1", "wa-1", "wd-1"]);
  });

  it("is not set by opening a lead", async () => {
    expect((await sales.get("/admin/api/inbox/wd-1")).body.record.read).toBe(false);
    expect((await sales.get("/admin/api/inbox?form=website-design")).body.items[0]).toMatchObject({
      id: "wd-1",
      read: false,
    });
  });
});

describe("suspected spam", () => {
  it("is released as `leads release` does: the agency's e-mail is queued, once", async () => {
    const pendingBefore = await countOutbox("pending");
    const response = await sales.post("/admin/api/inbox/wd-2/release");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: "wd-2", released: true, notified: true });
    expect(await countOutbox("pending")).toBe(pendingBefore + 1);
    expect(await ids("?suspected=1")).toEqual([]);
    expect(await ids("?form=website-design")).toEqual(["wd-2", "wd-1"]);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      action: "lead.release",
      target: "wd-2",
    });

    const again = await sales.post("/admin/api/inbox/wd-2/release");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "wd-2 is not held as suspected spam." });
    expect(await countOutbox("pending")).toBe(pendingBefore + 1);
  });

  it("is purged per form or all at once, genuine rows untouched", async () => {
    await submitAt("2026-11-24T08:00:00Z", "appointment", { website: "x", name: "Quick Quinn" });
    await submitAt("2026-11-24T08:00:00Z", "web-app", { website: "x", fullName: "Bot Bob" });
    // At one instant, leads come before appointment requests.
    expect(await ids("?suspected=1")).toEqual(["wa-2", "ap-3"]);

    const webApp = await sales.post("/admin/api/inbox/purge", { form: "web-app" });
    expect(webApp.status).toBe(200);
    expect(webApp.body).toEqual({ deleted: 1 });
    expect(await ids("?suspected=1")).toEqual(["ap-3"]);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "sales@agency.test",
      action: "lead.purge",
      target: "web-app",
      detail: { deleted: 1 },
    });

    const all = await sales.post("/admin/api/inbox/purge", {});
    expect(all.body).toEqual({ deleted: 1 });
    expect(await ids("?suspected=1")).toEqual([]);
    expect((await sales.get("/admin/api/inbox")).body.total).toBe(5);
  });
});

async function countOutbox(status: string): Promise<number> {
  const rows = await site.db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", status as "pending")
    .execute();
  return rows.length;
}

describe("the CSV exports", () => {
  it.each(["leads", "appointments", "subscribers"])(
    "of %s are the CLI's bytes, as a download",
    async (kind) => {
      const response = await sales
        .get(`/admin/api/export/${kind}.csv`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => done(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="${kind}.csv"`);
      expect(response.headers["cache-control"]).toBe("no-store");
      const ran = await cli(site, "export", kind, "--format", "csv");
      expect(ran.code).toBe(0);
      expect((response.body as Buffer).equals(Buffer.from(ran.stdout, "utf8"))).toBe(true);
    },
  );

  it("answers 404 for anything else", async () => {
    expect((await sales.get("/admin/api/export/users.csv")).status).toBe(404);
    expect((await sales.get("/admin/api/export/leads.json")).status).toBe(404);
  });
});

describe("notifications", () => {
  it("names each e-mail by what it is, in words, beside its stored kind", async () => {
    await site.outbox.drain();
    const listed = await sales.get("/admin/api/notifications");
    expect(listed.status).toBe(200);
    const rows = listed.body.notifications as { kind: string; what: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.what).toBe(notificationKindLabel(row.kind));
      expect(row.what).not.toBe(row.kind);
      expect(row.what).toMatch(/^[A-Z][a-z-]+( [a-z-]+)*$/);
    }
    expect(rows.map((row) => row.what)).toContain("New website design enquiry");
  });

  it("lists the dead and retries one, then all, as `notifications retry` does", async () => {
    await site.outbox.drain();
    const dead = await sales.get("/admin/api/notifications?status=dead");
    expect(dead.status).toBe(200);
    const deadIds = (dead.body.notifications as { id: number; status: string }[]).map((row) => row.id);
    expect(deadIds.length).toBeGreaterThanOrEqual(3);
    expect(dead.body.notifications[0]).toMatchObject({ status: "dead", kind: expect.any(String) });
    expect(dead.body.notifications[0].payload).toBeUndefined();

    const [first, ...rest] = deadIds;
    const one = await sales.post("/admin/api/notifications/retry", { ids: [first] });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ requeued: [first], pending: [] });
    const pending = JSON.parse(
      (await cli(site, "notifications", "list", "--status", "pending", "--json")).stdout,
    ) as { id: number }[];
    expect(pending.map((row) => row.id)).toEqual([first]);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: "sales@agency.test",
      action: "notification.retry",
      target: String(first),
    });

    const all = await sales.post("/admin/api/notifications/retry", {});
    expect(all.body).toEqual({ requeued: [...rest].sort((a, b) => a - b), pending: [] });
    expect((await sales.get("/admin/api/notifications?status=dead")).body.notifications).toEqual([]);
    expect((await sales.get("/admin/api/notifications")).body.notifications).toHaveLength(deadIds.length);
  });
});

describe("invalid input", () => {
  it("is answered 400 or 404 with a specific sentence, and changes nothing", async () => {
    const before = await auditCount();
    const exported = (await cli(site, "export", "leads", "--format", "json")).stdout;
    const cases: [() => request.Test, number, RegExp][] = [
      [() => sales.get("/admin/api/inbox/xy-1"), 400, /^Invalid id "xy-1": expected wd-<number>/],
      [() => sales.get("/admin/api/inbox/wd-999"), 404, /^Unknown lead id wd-999\.$/],
      [() => sales.get("/admin/api/inbox/ap-999"), 404, /^Unknown appointment id 999\.$/],
      [() => sales.get("/admin/api/inbox?status=done"), 400, /^Invalid status "done": expected new, /],
      [
        () => sales.get("/admin/api/inbox?form=fax"),
        400,
        /^Form must be one of website-design, web-app, appointment\.$/,
      ],
      [() => sales.get("/admin/api/inbox?since=2026-13-01"), 400, /^Invalid date "2026-13-01"/],
      [() => sales.get("/admin/api/inbox?until=yesterday"), 400, /^Invalid date "yesterday"/],
      [() => sales.get("/admin/api/inbox?page=0"), 400, /^Page must be a whole number from 1\.$/],
      [() => sales.get("/admin/api/notifications?status=sent"), 400, /^Invalid status "sent"/],
      [() => sales.post("/admin/api/inbox/wd-1/status", { status: "done" }), 400, /^Invalid status "done"/],
      [() => sales.post("/admin/api/inbox/wd-1/status", {}), 400, /^Status is required\.$/],
      [
        () => sales.post("/admin/api/inbox/wd-1/status", { status: "won", note: "x".repeat(1001) }),
        400,
        /too long: at most 1000 characters/,
      ],
      [() => sales.post("/admin/api/inbox/wd-999/status", { status: "won" }), 404, /^Unknown lead id wd-999/],
      [() => sales.post("/admin/api/inbox/1/status", { status: "won" }), 400, /^Invalid id "1"/],
      [
        () => sales.post("/admin/api/inbox/ap-1/read", { read: "yes" }),
        400,
        /^Read must be true or false\.$/,
      ],
      [() => sales.post("/admin/api/inbox/ap-999/read", { read: true }), 404, /^Unknown appointment id 999/],
      [() => sales.post("/admin/api/inbox/wa-999/read", { read: true }), 404, /^Unknown lead id wa-999\.$/],
      [
        () => sales.post("/admin/api/inbox/wa-0/read", { read: true }),
        400,
        /^Invalid id "wa-0": expected wd-/,
      ],
      [() => sales.post("/admin/api/inbox/wd-1/read", {}), 400, /^Read must be true or false\.$/],
      [() => sales.post("/admin/api/inbox/wd-999/release"), 404, /^Unknown lead id wd-999/],
      [() => sales.post("/admin/api/inbox/purge", { form: "all" }), 400, /^Form must be one of/],
      [
        () => sales.post("/admin/api/notifications/retry", { ids: ["a"] }),
        400,
        /^Ids must be a list of notification ids\.$/,
      ],
      [
        () => sales.post("/admin/api/notifications/retry", { ids: [1.5] }),
        400,
        /^Ids must be a list of notification ids\.$/,
      ],
      [
        () => sales.post("/admin/api/notifications/retry", { ids: "1" }),
        400,
        /^Ids must be a list of notification ids\.$/,
      ],
      [() => sales.post("/admin/api/notifications/retry", { ids: [] }), 400, /at least one notification/],
      [
        () => sales.post("/admin/api/notifications/retry", { ids: [999] }),
        404,
        /^Unknown notification id 999/,
      ],
    ];
    for (const [send, status, message] of cases) {
      const response = await send();
      expect(response.status, String(message)).toBe(status);
      expect(response.body.error, String(message)).toMatch(message);
    }
    expect(await auditCount()).toBe(before);
    expect((await cli(site, "export", "leads", "--format", "json")).stdout).toBe(exported);
  });
});

describe("access", () => {
  const routes: ["get" | "post", string][] = [
    ["get", "/admin/api/inbox"],
    ["get", "/admin/api/inbox/wd-1"],
    ["post", "/admin/api/inbox/wd-1/status"],
    ["post", "/admin/api/inbox/ap-1/read"],
    ["post", "/admin/api/inbox/wa-1/read"],
    ["post", "/admin/api/inbox/wd-1/release"],
    ["post", "/admin/api/inbox/purge"],
    ["get", "/admin/api/export/leads.csv"],
    ["get", "/admin/api/export/appointments.csv"],
    ["get", "/admin/api/export/subscribers.csv"],
    ["get", "/admin/api/notifications"],
    ["post", "/admin/api/notifications/retry"],
  ];

  it("is refused to an editor (403) and to no session (401) on every leads route", async () => {
    const editor = await signInAs(site, "editor");
    const before = await auditCount();
    for (const [method, path] of routes) {
      const asEditor = method === "get" ? await editor.get(path) : await editor.post(path, { status: "won" });
      expect(asEditor.status, path).toBe(403);
      expect(asEditor.body).toEqual({ error: "Your role does not give you access to this." });
      const anonymous = await request(site.app)[method](path).set("Origin", siteOrigin());
      expect(anonymous.status, path).toBe(401);
    }
    expect(await auditCount()).toBe(before);
  });

  it("is given to an admin", async () => {
    const boss = await signInAs(site, "admin");
    expect((await boss.get("/admin/api/inbox")).status).toBe(200);
  });

  it("refuses a change without the session's CSRF token", async () => {
    const response = await request(site.app)
      .post("/admin/api/inbox/wd-1/status")
      .set("Cookie", sales.cookie)
      .set("Origin", new URL(site.config.settings.siteUrl).origin)
      .send({ status: "won" });
    expect(response.status).toBe(403);
    expect((await sales.get("/admin/api/inbox/wd-1")).body.record.status).toBe("contacted");
  });
});

describe("paging", () => {
  it("gives 50 a page, the rest on the next", async () => {
    for (let n = 0; n < 50; n += 1) {
      await submitAt(`2026-11-25T06:${String(n).padStart(2, "0")}:00Z`, "web-app", { fullName: `Lead ${n}` });
    }
    expect((await sales.post("/admin/api/inbox/wd-2/read", { read: true })).status).toBe(200);
    const first = (await sales.get("/admin/api/inbox")).body as Page;
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]?.name).toBe("Lead 49");
    const second = (await sales.get("/admin/api/inbox?page=2")).body as Page;
    // Unread before read (wd-2 was marked read), then newest first.
    expect(second.items.map((item) => item.id)).toEqual(["ap-2", "ap-1", "wa-1", "wd-1", "wd-2"]);
    expect((await sales.get("/admin/api/inbox?page=3")).body.items).toEqual([]);
  });
});

describe("the same changes from the CLI", () => {
  it("are audited too, as cli:<user> from cli", async () => {
    expect((await cli(site, "leads", "status", "wa-1", "qualified", "--by", "Sam")).code).toBe(0);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: expect.stringMatching(/^cli:./),
      ip: "cli",
      action: "lead.status",
      target: "wa-1",
      detail: { from: "new", to: "qualified", note: null },
    });
    expect((await cli(site, "appointments", "read", "2")).code).toBe(0);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      ip: "cli",
      action: "lead.read",
      target: "ap-2",
    });
    const leadRead = await cli(site, "leads", "read", "wa-1");
    expect(leadRead).toMatchObject({ code: 0, stdout: "Marked 1 lead read.\n" });
    expect((await cli(site, "leads", "show", "wa-1")).stdout).toMatch(/^Read: +read$/m);
    expect((await listAudit(site.db, { limit: 1 }))[0]).toMatchObject({
      actor: expect.stringMatching(/^cli:./),
      ip: "cli",
      action: "lead.read",
      target: "wa-1",
      detail: { read: true },
    });
    expect((await sales.get("/admin/api/inbox/wa-1")).body.record.read).toBe(true);
    // Doing it again changes nothing, and records nothing.
    const before = await auditCount();
    expect((await cli(site, "leads", "read", "wa-1")).stdout).toBe("1 lead was already read: wa-1.\n");
    expect((await cli(site, "appointments", "read", "2")).code).toBe(0);
    expect((await cli(site, "leads", "status", "wa-1", "qualified")).code).toBe(0);
    expect(await auditCount()).toBe(before);
  });
});

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insights } from "#shared/insights.ts";
import type { StaffOverview } from "#shared/staff-overview.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { paths } from "#shared/paths.ts";
import { signInAs, type StaffClient } from "#tests/support/staff-workspace.ts";
import {
  appointment,
  endpoints,
  startedBefore,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * One lead per form (docs/decisions/067-one-lead-per-form.md): the same answers sent again
 * from the same served form are stored once and answered with the same success; changed
 * answers, or the same address again within a day, are stored as a repeat of the first
 * and counted once.
 */

// Wednesday 25 November 2026, 10:00 in Cape Town.
const clock = { at: new Date("2026-11-25T08:00:00Z") };
let site: TestApp;
let sales: StaffClient;

beforeAll(async () => {
  site = await createTestApp(
    { SITE_URL: "https://agency.test", LEAD_RATE_LIMIT_MAX: "1000" },
    { now: () => clock.at, workspace: { now: () => clock.at }, outbox: { autoStart: false } },
  );
  sales = await signInAs(site, "sales");
});
afterAll(() => site.cleanup());

const post = (url: string) => request(site.app).post(url);
const designRows = () => site.db.selectFrom("website_design_leads").selectAll().orderBy("id").execute();
const webAppRows = () => site.db.selectFrom("web_app_leads").selectAll().orderBy("id").execute();
const agencyMails = async (kind: string) =>
  (await site.db.selectFrom("outbox").select("kind").where("kind", "=", kind).execute()).length;

/** One served form: its start field, as the page rendered it. */
const servedForm = () => startedBefore(clock.at.getTime());

async function overview(): Promise<StaffOverview> {
  return (await sales.get("/admin/api/overview").expect(200)).body as StaffOverview;
}

describe("the same answers from the same served form", () => {
  it("are stored once and e-mailed once, and each send gets the same success", async () => {
    const form = servedForm();
    const answers = websiteDesignLead({ ...form, businessEmail: "twice@acme.co.za" });
    const first = await post(endpoints.websiteDesign).send(answers).expect(201);
    const again = await post(endpoints.websiteDesign).send(answers).expect(201);
    expect(first.body).toEqual({ success: true });
    expect(again.body).toEqual(first.body);
    const rows = (await designRows()).filter((row) => row.business_email === "twice@acme.co.za");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.repeat_of).toBeNull();
    // The start field itself is kept nowhere, only hashes of it.
    expect(JSON.stringify(rows[0])).not.toContain(form[botGuardFields.startedAt]);
    expect(await agencyMails("website-design-lead")).toBe(1);
  });

  it("sent without JavaScript (Back, then Send again) go to the same thank-you page, stored once", async () => {
    const form = servedForm();
    const answers = new URLSearchParams(
      Object.entries(webAppLead({ ...form, workEmail: "nojs@fleetco.co.za" })).map(([key, value]) => [
        key,
        String(value),
      ]),
    ).toString();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post(paths.webAppDevelopment)
        .set("Content-Type", "application/x-www-form-urlencoded")
        .send(answers)
        .expect(302);
      expect(response.headers.location).toBe(paths.thankYouWebApp);
    }
    expect((await webAppRows()).filter((row) => row.work_email === "nojs@fleetco.co.za")).toHaveLength(1);
  });

  it("sent at the same moment (a double tap) are stored once", async () => {
    const answers = webAppLead({ ...servedForm(), workEmail: "doubletap@fleetco.co.za" });
    const replies = await Promise.all([
      post(endpoints.webApp).send(answers),
      post(endpoints.webApp).send(answers),
      post(endpoints.webApp).send(answers),
    ]);
    expect(replies.map((reply) => [reply.status, reply.body])).toEqual([
      [201, { success: true }],
      [201, { success: true }],
      [201, { success: true }],
    ]);
    expect((await webAppRows()).filter((row) => row.work_email === "doubletap@fleetco.co.za")).toHaveLength(
      1,
    );
  });

  it("of an appointment request are stored once too", async () => {
    const answers = appointment(clock.at, { ...servedForm(), email: "once@example.co.za" });
    await post(endpoints.appointments).send(answers).expect(201);
    await post(endpoints.appointments).send(answers).expect(201);
    const rows = await site.db
      .selectFrom("appointment_requests")
      .select("id")
      .where("email", "=", "once@example.co.za")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("a repeat", () => {
  it("with changed answers from the same form is stored, linked to the first, and counted once", async () => {
    const before = await overview();
    const form = servedForm();
    const answers = websiteDesignLead({ ...form, businessEmail: "changed@acme.co.za", budget: "15k-30k" });
    await post(endpoints.websiteDesign).send(answers).expect(201);
    await post(endpoints.websiteDesign)
      .send({ ...answers, budget: "60k+" })
      .expect(201);
    const rows = (await designRows()).filter((row) => row.business_email === "changed@acme.co.za");
    expect(rows.map((row) => row.budget)).toEqual(["15k-30k", "60k+"]);
    expect(rows[1]?.repeat_of).toBe(rows[0]?.id);
    expect(rows[0]?.form_token).toBe(rows[1]?.form_token);
    // Both are e-mailed: the agency sees the changed answers.
    const after = await overview();
    expect(after.leads?.newLeads).toBe((before.leads?.newLeads ?? 0) + 1);
    expect(after.leads?.unread).toBe((before.leads?.unread ?? 0) + 1);
    const thisWeek = (view: StaffOverview) =>
      view.leads?.byForm.find((form) => form.form === "website-design")?.thisWeek ?? 0;
    expect(thisWeek(after)).toBe(thisWeek(before) + 1);
  });

  it("from the same address within a day, from a new form and in another case, links to the first", async () => {
    const first = websiteDesignLead({ ...servedForm(), businessEmail: "again@acme.co.za" });
    await post(endpoints.websiteDesign).send(first).expect(201);
    clock.at = new Date(clock.at.getTime() + 60 * 60_000);
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: "Again@Acme.co.za", timeline: "not-sure" }))
      .expect(201);
    clock.at = new Date(clock.at.getTime() + 60 * 60_000);
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: "again@acme.co.za" }))
      .expect(201);
    const rows = (await designRows()).filter(
      (row) => row.business_email.toLowerCase() === "again@acme.co.za",
    );
    expect(rows).toHaveLength(3);
    const [firstRow, second, third] = rows;
    expect(firstRow?.repeat_of).toBeNull();
    // A repeat of a repeat links to the first.
    expect(second?.repeat_of).toBe(firstRow?.id);
    expect(third?.repeat_of).toBe(firstRow?.id);

    const firstId = `wd-${firstRow?.id}`;
    const inbox = (await sales.get("/admin/api/inbox?q=again%40acme").expect(200)).body as {
      items: { id: string; repeatOf: string | null }[];
    };
    expect(inbox.items.map((item) => item.repeatOf).sort()).toEqual([null, firstId, firstId]);
    const repeatPage = (await sales.get(`/admin/api/inbox/wd-${third?.id}`).expect(200)).body as {
      repeat: { first: { id: string } | null; repeats: unknown[] };
    };
    expect(repeatPage.repeat).toEqual({
      first: { id: firstId, createdAt: firstRow?.created_at },
      repeats: [],
    });
    const firstPage = (await sales.get(`/admin/api/inbox/${firstId}`).expect(200)).body as {
      repeat: { first: unknown; repeats: { id: string }[] };
    };
    expect(firstPage.repeat.first).toBeNull();
    expect(firstPage.repeat.repeats.map((entry) => entry.id)).toEqual([
      `wd-${second?.id}`,
      `wd-${third?.id}`,
    ]);
  });

  it("is not made by the same address more than a day later, nor by another form's lead", async () => {
    const address = "later@acme.co.za";
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: address }))
      .expect(201);
    await post(endpoints.webApp)
      .send(webAppLead({ ...servedForm(), workEmail: address }))
      .expect(201);
    clock.at = new Date(clock.at.getTime() + 25 * 60 * 60_000);
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: address }))
      .expect(201);
    const design = (await designRows()).filter((row) => row.business_email === address);
    expect(design.map((row) => row.repeat_of)).toEqual([null, null]);
    expect((await webAppRows()).find((row) => row.work_email === address)?.repeat_of).toBeNull();
  });

  it("never links to or from suspected spam", async () => {
    const address = "held@acme.co.za";
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: address, website: "filled by a bot" }))
      .expect(201);
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: address }))
      .expect(201);
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...servedForm(), businessEmail: address, website: "again" }))
      .expect(201);
    const rows = (await designRows()).filter((row) => row.business_email === address);
    expect(rows.map((row) => [row.suspected_spam, row.repeat_of])).toEqual([
      ["honeypot", null],
      [null, null],
      ["honeypot", null],
    ]);
  });

  it("is left out of the insights' lead count", async () => {
    const days = "from=2026-11-20&to=2026-11-30";
    const leadsOf = async () =>
      ((await sales.get(`/admin/api/insights?${days}`).expect(200)).body as Insights).totals.find(
        (total) => total.label === "Leads",
      )?.value;
    const before = await leadsOf();
    const form = servedForm();
    const answers = webAppLead({ ...form, workEmail: "insights@fleetco.co.za" });
    await post(endpoints.webApp).send(answers).expect(201);
    await post(endpoints.webApp)
      .send({ ...answers, industry: "Retail" })
      .expect(201);
    await post(endpoints.webApp)
      .send(webAppLead({ ...servedForm(), workEmail: "insights@fleetco.co.za" }))
      .expect(201);
    expect(await leadsOf()).toBe(Number(before) + 1);
  });
});

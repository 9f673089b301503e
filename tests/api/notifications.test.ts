import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { renderOutboxMessage } from "#server/mail/outbox-messages.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { useMailingTestApp } from "#tests/support/mailing-test-app.ts";
import { parseMail, type ParsedMail } from "#tests/support/mime.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { signInAs } from "#tests/support/staff-workspace.ts";
import { appointment, endpoints, websiteDesignLead, webAppLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const mailEnv = { MAIL_TO: "leads@agency.test", MAIL_FROM: "Agency website <noreply@agency.test>" };

/**
 * What staff read first, in both parts: the one-line summary, then whose enquiry it is
 * from which form (the id only as a detail), the link to its page in the workspace, and
 * what to do next, in words: sales staff have no shell, so no command. The HTML part is a
 * whole document, as mail clients expect.
 */
function expectHeadOfBothParts(
  mail: ParsedMail | undefined,
  head: { summary: string; about: string; page: string; next: string },
) {
  // An appointment request's calendar entry makes the message multipart/mixed.
  expect(mail?.header("content-type")).toMatch(/^multipart\/(alternative|mixed);/);
  const lines = mail?.text.split(/\r?\n/) ?? [];
  expect(lines.slice(0, 6)).toEqual([
    head.summary,
    "",
    head.about,
    `Open it in the workspace: ${head.page}`,
    head.next,
    "",
  ]);
  const html = mail?.html ?? "";
  expect(html).toMatch(/^<!DOCTYPE html>/);
  // The same, in the same order, ahead of the answers' table: the page a link.
  const positions = [
    "<body",
    escapeHtml(head.summary),
    escapeHtml(head.about),
    `<a href="${escapeHtml(head.page)}"`,
    ">Open it in the workspace</a>",
    escapeHtml(head.next),
    "<table",
  ].map((text) => html.indexOf(text));
  expect(positions[0]).toBeGreaterThan(0);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(mail?.text).not.toContain("site-admin");
  expect(html).not.toMatch(/site-admin|<code/);
}

/** The lead's page in the workspace, as the e-mail links it. */
const leadPage = (mailing: { site: TestApp }, id: string) =>
  `${mailing.site.config.settings.siteUrl}/admin/leads/${id}`;

/** The Reply-To header without the quotes a display name gets when it holds punctuation. */
const replyTo = (mail: ParsedMail | undefined) => mail?.header("reply-to")?.replace(/"/g, "");

describe("notification e-mails through SMTP", () => {
  const mailing = useMailingTestApp({ ...mailEnv, LEAD_RATE_LIMIT_MAX: "100" });

  it("tells the agency about a website-design lead: subject, addresses, every field, escaped HTML", async () => {
    const company = `Smith & "Sons" 'Ltd'`;
    await request(mailing.site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ fullName: "Jane O'Neil", companyName: company, budget: "15k-30k" }))
      .expect(201);
    expect(await mailing.site.outbox.drain()).toEqual({ sent: 1, failed: 0 });

    const [mail] = await mailing.sink.waitForMessages(1);
    expect(mail?.subject).toBe("New website-design lead: Jane O'Neil (wd-1)");
    expect(mail?.to).toEqual(["leads@agency.test"]);
    expect(mail?.from).toBe("noreply@agency.test");
    expect(mail?.header("from")).toContain("noreply@agency.test");
    // Replying answers the visitor, by name.
    expect(replyTo(mail)).toBe("Jane O'Neil <jane@acme.co.za>");
    expectHeadOfBothParts(mail, {
      summary: `Jane O'Neil · ${company} · Website redesign · R15k - R30k`,
      about: "Jane O'Neil's website design enquiry came in through the Kloof Digital website (wd-1).",
      page: leadPage(mailing, "wd-1"),
      next: "Next: reply to this e-mail to answer Jane O'Neil within 24 hours, then mark it contacted on its page.",
    });
    for (const line of [
      "Full Name: Jane O'Neil",
      `Company Name: ${company}`,
      "Business Email: jane@acme.co.za",
      "Website Type: Website redesign",
      "Budget: R15k - R30k",
      "Timeline: 1-2 months",
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.html).toContain("Smith &amp; &quot;Sons&quot; &#39;Ltd&#39;");
    expect(mail?.html).not.toContain(company);
    expect(mail?.html).toContain("Jane O&#39;Neil");
  });

  it("tells the agency about a web-app lead", async () => {
    await request(mailing.site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await mailing.site.outbox.drain();
    const [mail] = await mailing.sink.waitForMessages(1);
    expect(mail?.subject).toBe("New web-app lead: Sipho Dlamini (wa-1)");
    expect(replyTo(mail)).toBe("Sipho Dlamini <sipho@fleetco.co.za>");
    // The form asks for neither a service nor a budget.
    expectHeadOfBothParts(mail, {
      summary: "Sipho Dlamini · FleetCo",
      about: "Sipho Dlamini's web app enquiry came in through the Kloof Digital website (wa-1).",
      page: leadPage(mailing, "wa-1"),
      next: "Next: reply to this e-mail to answer Sipho Dlamini within 24 hours, then mark it contacted on its page.",
    });
    for (const line of [
      "Full Name: Sipho Dlamini",
      "Work Email: sipho@fleetco.co.za",
      "Phone Number: +27825550199",
      "Company Name: FleetCo",
      "Industry: Logistics",
      "Company Size: 51-200",
    ]) {
      expect(mail?.text).toContain(line);
    }
  });

  it("tells the agency about an appointment request", async () => {
    const details = "A booking portal for our consulting clients.\nWith online payments.";
    await request(mailing.site.app)
      .post(endpoints.appointments)
      .send(appointment(new Date(), { project_details: details }))
      .expect(201);
    await mailing.site.outbox.drain();
    const [mail] = await mailing.sink.waitForMessages(1);
    // Its id as the workspace names it, as the link has it.
    expect(mail?.subject).toBe("New appointment request: Thandi Nkosi (ap-1)");
    expect(replyTo(mail)).toBe("Thandi Nkosi <thandi@example.co.za>");
    expectHeadOfBothParts(mail, {
      summary: "Thandi Nkosi · Nkosi Consulting · Web Application Development",
      about: "Thandi Nkosi's appointment request came in through the Kloof Digital website (ap-1).",
      page: leadPage(mailing, "ap-1"),
      next: "Next: reply to this e-mail to agree the time with Thandi Nkosi, then confirm the meeting on its page, which sends the calendar invitation.",
    });
    // A second line stays under its label in the text and is a line break in the HTML.
    expect(mail?.text).toMatch(
      /^Project details: A booking portal for our consulting clients\.\r?\n {2}With online payments\.$/m,
    );
    expect(mail?.html).toContain("A booking portal for our consulting clients.<br>With online payments.");
    for (const line of [
      "Name: Thandi Nkosi",
      "Email: thandi@example.co.za",
      "Phone: +27825550142",
      "Company: Nkosi Consulting",
      // The form's own labels (appointmentLabels), as the visitor saw them.
      "Service type: Web Application Development",
      "Preferred time: 10:00 AM",
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.text).toMatch(/Preferred date: \w{3}, \d{1,2} \w{3} \d{4}/);
  });

  it("names the row as stored, and its link opens that row in the workspace", async () => {
    // A held-back (suspected) lead takes the next id without an e-mail, so the e-mails'
    // ids skip it: they come from the stored row, not from counting messages.
    await request(mailing.site.app)
      .post(endpoints.webApp)
      .send(webAppLead({ fullName: "Held Back", website: "filled by a bot" }))
      .expect(201);
    await request(mailing.site.app)
      .post(endpoints.webApp)
      .send(webAppLead({ fullName: "Nomsa Zulu" }))
      .expect(201);
    await mailing.site.outbox.drain();
    const [mail] = await mailing.sink.waitForMessages(1);
    const stored = await mailing.site.db
      .selectFrom("web_app_leads")
      .select("id")
      .where("full_name", "=", "Nomsa Zulu")
      .executeTakeFirstOrThrow();
    const leadId = `wa-${stored.id}`;
    expect(leadId).toBe("wa-3");
    expect(mail?.subject).toBe(`New web-app lead: Nomsa Zulu (${leadId})`);
    const link = /^Open it in the workspace: (.+)$/m.exec(mail?.text ?? "")?.[1]?.trim() ?? "";
    expect(link).toBe(leadPage(mailing, leadId));
    expect(mail?.html).toContain(`<a href="${escapeHtml(link)}"`);

    // The page the link names, read as a member of sales staff reads it.
    const sales = await signInAs(mailing.site, "sales");
    const page = await sales.get(`/admin/api/inbox/${new URL(link).pathname.split("/").at(-1)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ record: { id: leadId, fullName: "Nomsa Zulu" } });
  });

  it("marks a message sent only after the server accepted it", async () => {
    await request(mailing.site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await mailing.site.outbox.drain();
    const row = await mailing.site.db
      .selectFrom("outbox")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });
});

describe("retries", () => {
  let sink: SmtpSink;
  let site: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url },
      { outbox: { autoStart: false, baseDelayMs: 1_000, maxDelayMs: 4_000, maxAttempts: 3 } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });

  it("backs off exponentially on a refused message, then gives up and marks it dead", async () => {
    sink.refuse = true;
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    const outbox = () => site.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();

    // The retry is timed from the failure, some moment inside drain(): measured from
    // before the drain the delay is at least as long, from after it at most as long, so
    // a slow machine's drain cannot push a right delay out of its bounds.
    const started = Date.now();
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 1 });
    let finished = Date.now();
    let row = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/busy/i);
    expect(Date.parse(row.next_attempt_at) - started).toBeGreaterThanOrEqual(900);
    expect(Date.parse(row.next_attempt_at) - finished).toBeLessThan(2_000);

    // Not due yet: nothing is tried.
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 0 });

    await site.db.updateTable("outbox").set({ next_attempt_at: new Date().toISOString() }).execute();
    const second = Date.now();
    await site.outbox.drain();
    finished = Date.now();
    row = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(Date.parse(row.next_attempt_at) - second).toBeGreaterThanOrEqual(1_900);
    expect(Date.parse(row.next_attempt_at) - finished).toBeLessThan(3_000);

    await site.db.updateTable("outbox").set({ next_attempt_at: new Date().toISOString() }).execute();
    await site.outbox.drain();
    expect(await outbox()).toMatchObject({ status: "dead", attempts: 3 });
    expect(sink.messages).toHaveLength(0);
  });
});

describe("without an SMTP server (the embedded default)", () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp(mailEnv, { outbox: { autoStart: false } });
  });
  afterAll(() => site.cleanup());

  it("writes each notification as an .eml file under the data folder", async () => {
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    await site.outbox.drain();
    const folder = path.join(site.dataDir, "mail");
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const [file = ""] = files;
    expect(file).toMatch(/^outbox-\d+-website-design-lead\.eml$/);
    const mail = parseMail(readFileSync(path.join(folder, file), "utf8"));
    expect(mail.subject).toBe("New website-design lead: Jane Doe (wd-1)");
    expect(mail.header("to")).toBe("leads@agency.test");
    expect(mail.text).toContain("Company Name: Acme Trading");
  });

  it("is driven by the background worker without being asked", async () => {
    const started = await createTestApp(mailEnv);
    await request(started.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    const folder = path.join(started.dataDir, "mail");
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const files = (() => {
        try {
          return readdirSync(folder);
        } catch {
          return [];
        }
      })();
      if (files.some((file) => file.endsWith(".eml"))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(readdirSync(folder).filter((file) => file.endsWith(".eml"))).toHaveLength(1);
    await started.cleanup();
  });
});

describe("a notification queued before e-mails named their row", () => {
  it("still renders: the name is the summary, and there is no id, link or command", () => {
    const payload = {
      messageId: "<old@agency.test>",
      visitorName: "Jane Doe",
      visitorEmail: "jane@acme.co.za",
      submittedAt: "2026-11-20T08:00:00.000Z",
      fields: [{ label: "Full Name", value: "Jane Doe" }],
    };
    const config = loadConfig({ ...mailEnv, SITE_URL: "https://agency.test", DATA_DIR: tmpdir() });
    const mail = renderOutboxMessage("website-design-lead", JSON.stringify(payload), config);
    expect(mail.subject).toBe("New website-design lead: Jane Doe");
    expect(String(mail.text).split("\n").slice(0, 4)).toEqual([
      "Jane Doe",
      "",
      "Jane Doe's website design enquiry came in through the Kloof Digital website.",
      "",
    ]);
    expect(String(mail.html)).not.toContain("site-admin");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseMail } from "../support/mime";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { appointment, endpoints, websiteDesignLead, webAppLead } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

const mailEnv = { MAIL_TO: "leads@agency.test", MAIL_FROM: "Agency website <noreply@agency.test>" };

describe("notification e-mails through SMTP", () => {
  let sink: SmtpSink;
  let site: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp(
      { ...mailEnv, SMTP_URL: sink.url, LEAD_RATE_LIMIT_MAX: "100" },
      { outbox: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await site.cleanup();
    await sink.close();
  });
  afterEach(() => {
    sink.messages.length = 0;
  });

  it("tells the agency about a website-design lead: subject, addresses, every field, escaped HTML", async () => {
    const company = `Smith & "Sons" 'Ltd'`;
    await request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ fullName: "Jane O'Neil", companyName: company, budget: "15k-30k" }))
      .expect(201);
    expect(await site.outbox.drain()).toEqual({ sent: 1, failed: 0 });

    const [mail] = await sink.waitForMessages(1);
    expect(mail?.subject).toBe("New website-design lead: Jane O'Neil");
    expect(mail?.to).toEqual(["leads@agency.test"]);
    expect(mail?.from).toBe("noreply@agency.test");
    expect(mail?.header("from")).toContain("noreply@agency.test");
    expect(mail?.header("reply-to")).toContain("<jane@acme.co.za>");
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
    await request(site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await site.outbox.drain();
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.subject).toBe("New web-app lead: Sipho Dlamini");
    expect(mail?.header("reply-to")).toContain("<sipho@fleetco.co.za>");
    for (const line of [
      "Full Name: Sipho Dlamini",
      "Work Email: sipho@fleetco.co.za",
      "Phone Number: +27 (82) 555-0199",
      "Company Name: FleetCo",
      "Industry: Logistics",
      "Company Size: 51-200",
    ]) {
      expect(mail?.text).toContain(line);
    }
  });

  it("tells the agency about an appointment request", async () => {
    await request(site.app).post(endpoints.appointments).send(appointment(new Date())).expect(201);
    await site.outbox.drain();
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.subject).toBe("New appointment request: Thandi Nkosi");
    expect(mail?.header("reply-to")).toContain("<thandi@example.co.za>");
    for (const line of [
      "Name: Thandi Nkosi",
      "Email: thandi@example.co.za",
      "Phone: +27 82 555 0142",
      "Company: Nkosi Consulting",
      // The form's own labels (appointmentLabels), as the visitor saw them.
      "Service type: Web Application Development",
      "Preferred time: 10:00 AM",
      "Project details: A booking portal for our consulting clients.",
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect(mail?.text).toMatch(/Preferred date: \w{3}, \d{1,2} \w{3} \d{4}/);
  });

  it("marks a message sent only after the server accepted it", async () => {
    await request(site.app).post(endpoints.webApp).send(webAppLead()).expect(201);
    await site.outbox.drain();
    const row = await site.db
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

    const started = Date.now();
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 1 });
    let row = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/busy/i);
    const firstDelay = Date.parse(row.next_attempt_at) - started;
    expect(firstDelay).toBeGreaterThanOrEqual(900);
    expect(firstDelay).toBeLessThan(2_000);

    // Not due yet: nothing is tried.
    expect(await site.outbox.drain()).toEqual({ sent: 0, failed: 0 });

    await site.db.updateTable("outbox").set({ next_attempt_at: new Date().toISOString() }).execute();
    const second = Date.now();
    await site.outbox.drain();
    row = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    const secondDelay = Date.parse(row.next_attempt_at) - second;
    expect(secondDelay).toBeGreaterThanOrEqual(1_900);
    expect(secondDelay).toBeLessThan(3_000);

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
    expect(mail.subject).toBe("New website-design lead: Jane Doe");
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

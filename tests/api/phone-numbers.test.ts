import request from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paths } from "#shared/paths.ts";
import { startSmtpSink, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { appointment, endpoints, startedBefore, webAppLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Phone numbers as South Africans write them are accepted, stored and e-mailed in E.164;
 * a number that only looks like one gets requirements §5's message (decision 010).
 */

// Monday 23 November 2026, 10:00 in Cape Town.
const now = new Date("2026-11-23T08:00:00Z");
let sink: SmtpSink;
let site: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp(
    {
      SMTP_URL: sink.url,
      MAIL_TO: "leads@agency.test",
      MAIL_FROM: "Agency website <noreply@agency.test>",
      LEAD_RATE_LIMIT_MAX: "1000",
    },
    { now: () => now, outbox: { autoStart: false } },
  );
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});
afterEach(() => {
  sink.messages.length = 0;
});

const post = (url: string) => request(site.app).post(url);
/** A form posted without JavaScript: form-encoded, to the page itself. */
const postForm = (path: string, fields: Record<string, unknown>) =>
  request(site.app)
    .post(path)
    .type("form")
    .send(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value ?? "")])));
/** A web-app lead whose form was served a minute before the app's clock: not held as spam. */
const webAppLeadNow = (overrides: Record<string, unknown>) =>
  webAppLead({ ...startedBefore(now.getTime()), ...overrides });
const lastWebAppLead = () =>
  site.db.selectFrom("web_app_leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const lastAppointment = () =>
  site.db.selectFrom("appointment_requests").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
const rowCount = async () =>
  (await site.db.selectFrom("web_app_leads").select("id").execute()).length +
  (await site.db.selectFrom("appointment_requests").select("id").execute()).length;

const writings = [
  ["082 555 1234", "+27825551234"],
  ["0825551234", "+27825551234"],
  ["+27 82 555 1234", "+27825551234"],
  ["0027 82 555 1234", "+27825551234"],
  ["(021) 555-0123", "+27215550123"],
] as const;

describe("numbers in national and international writing", () => {
  it.each(writings)("web-app lead: %s is stored as %s", async (written, e164) => {
    await post(endpoints.webApp)
      .send(webAppLeadNow({ phoneNumber: written }))
      .expect(201);
    expect((await lastWebAppLead()).phone_number).toBe(e164);
  });

  it.each(writings)("appointment: %s is stored as %s", async (written, e164) => {
    await post(endpoints.appointments)
      .send(appointment(now, { phone: written }))
      .expect(201);
    expect((await lastAppointment()).phone).toBe(e164);
  });

  it("a form posted without JavaScript is stored the same way", async () => {
    await postForm(paths.bookAppointment, appointment(now, { phone: "082 555 1234" })).expect(200);
    expect((await lastAppointment()).phone).toBe("+27825551234");
  });

  it("a web-app lead without a phone number stores none", async () => {
    await post(endpoints.webApp)
      .send(webAppLeadNow({ phoneNumber: "" }))
      .expect(201);
    expect((await lastWebAppLead()).phone_number).toBeNull();
  });
});

describe("numbers that only look like one", () => {
  it.each(["082 555 12345", "(099) 555-0123", "+1 (555) 123-4567"])(
    "%s: 400 with requirements §5's message on the field, nothing stored",
    async (written) => {
      const before = await rowCount();
      const lead = await post(endpoints.webApp)
        .send(webAppLeadNow({ phoneNumber: written }))
        .expect(400);
      expect(lead.body).toEqual({
        success: false,
        error: "Phone Number must be a valid phone number",
        fieldErrors: { phoneNumber: "Phone Number must be a valid phone number" },
      });
      const request = await post(endpoints.appointments)
        .send(appointment(now, { phone: written }))
        .expect(400);
      expect(request.body).toEqual({
        success: false,
        error: "Please enter a valid phone number",
        fieldErrors: { phone: "Please enter a valid phone number" },
      });
      expect(await rowCount()).toBe(before);
    },
  );

  it("a form posted without JavaScript comes back with the message beside the field", async () => {
    const page = await postForm(
      paths.webAppDevelopment,
      webAppLeadNow({ phoneNumber: "082 555 12345" }),
    ).expect(400);
    expect(page.text).toContain("Phone Number must be a valid phone number");
    expect(page.text).toContain("Please enter a valid phone number");
    expect(page.text).toContain('value="082 555 12345"');
  });

  it("the shape check's message is the same one", async () => {
    const lead = await post(endpoints.webApp)
      .send(webAppLeadNow({ phoneNumber: "012" }))
      .expect(400);
    expect(lead.body.fieldErrors).toEqual({ phoneNumber: "Phone Number must be a valid phone number" });
  });
});

describe("the agency's e-mail", () => {
  // Earlier tests queued e-mails of their own: send them first, so each test reads its own.
  beforeEach(async () => {
    await site.outbox.drain();
    sink.messages.length = 0;
  });

  it("shows the web-app lead's number in E.164", async () => {
    await post(endpoints.webApp)
      .send(webAppLeadNow({ phoneNumber: "082 555 1234" }))
      .expect(201);
    await site.outbox.drain();
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.text).toContain("Phone Number: +27825551234");
    expect(mail?.html).toContain("+27825551234");
    expect(mail?.text).not.toContain("082 555 1234");
  });

  it("shows the appointment's phone in E.164", async () => {
    await post(endpoints.appointments)
      .send(appointment(now, { phone: "(021) 555-0123" }))
      .expect(201);
    await site.outbox.drain();
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.text).toContain("Phone: +27215550123");
    expect(mail?.text).not.toContain("(021) 555-0123");
  });
});

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "#shared/paths.ts";
import { appointment, newsletterSignup, websiteDesignLead, webAppLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Forms posted without JavaScript: a real form-encoded POST to the page, answered by
 * its route action, behind the same guards as the API.
 */
let site: TestApp;
beforeAll(async () => {
  site = await createTestApp(
    { SITE_URL: "https://agency.test", LEAD_RATE_LIMIT_MAX: "1000" },
    { outbox: { autoStart: false } },
  );
});
afterAll(() => site.cleanup());

const postForm = (path: string, fields: Record<string, unknown>) =>
  request(site.app)
    .post(path)
    .type("form")
    .send(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value ?? "")])));

describe("lead forms without JavaScript", () => {
  it("stores a valid website-design lead and redirects to its thank-you page", async () => {
    const response = await postForm(
      paths.websiteDesign,
      websiteDesignLead({ businessEmail: "nojs@acme.co.za" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(paths.thankYouWebsiteDesign);
    const rows = await site.db
      .selectFrom("website_design_leads")
      .selectAll()
      .where("business_email", "=", "nojs@acme.co.za")
      .execute();
    expect(rows).toHaveLength(1);
    expect(await site.db.selectFrom("outbox").selectAll().execute()).toHaveLength(1);
  });

  it("stores a valid web-app lead and redirects to its thank-you page", async () => {
    const response = await postForm(paths.webAppDevelopment, webAppLead());
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(paths.thankYouWebApp);
  });

  it("answers an invalid lead with 400, its messages and the entered values", async () => {
    const response = await postForm(
      paths.webAppDevelopment,
      webAppLead({ workEmail: "sipho@", companyName: "", fullName: "Sipho <b>Dlamini</b>" }),
    );
    expect(response.status).toBe(400);
    expect(response.text).toContain("Validation Error");
    expect(response.text).toContain("Please enter a valid email address");
    expect(response.text).toContain("Company Name is required");
    expect(response.text).toContain('value="sipho@"');
    // What the visitor typed comes back escaped, never as markup.
    expect(response.text).toContain("Sipho &lt;b&gt;Dlamini&lt;/b&gt;");
    expect(response.text).not.toContain("<b>Dlamini</b>");
  });

  it("stores an appointment and confirms it on the page", async () => {
    const response = await postForm(
      paths.bookAppointment,
      appointment(new Date(), { email: "nojs-appt@example.co.za" }),
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain("Appointment requested!");
    const rows = await site.db
      .selectFrom("appointment_requests")
      .selectAll()
      .where("email", "=", "nojs-appt@example.co.za")
      .execute();
    expect(rows).toHaveLength(1);
    expect(Boolean(rows[0]?.read)).toBe(false);
  });

  it("subscribes to the newsletter and asks for confirmation", async () => {
    const response = await postForm(paths.news, newsletterSignup("nojs-reader@example.co.za"));
    expect(response.status).toBe(200);
    expect(response.text).toContain("Please check your inbox and confirm your subscription.");
  });
});

describe("guards on page forms", () => {
  it("refuses a post from another site with 403 and a sentence", async () => {
    const response = await postForm(paths.websiteDesign, websiteDesignLead()).set(
      "Origin",
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.text).toBe("This form can only be submitted from our website.");
  });

  it("refuses a body over 16 KB with 413 before reading it", async () => {
    const before = await site.db.selectFrom("website_design_leads").selectAll().execute();
    const response = await postForm(
      paths.websiteDesign,
      websiteDesignLead({ companyName: "x".repeat(20_000) }),
    );
    expect(response.status).toBe(413);
    expect(await site.db.selectFrom("website_design_leads").selectAll().execute()).toHaveLength(
      before.length,
    );
  });

  it("rate-limits accepted page posts per client, not refused ones", async () => {
    const limited = await createTestApp({ LEAD_RATE_LIMIT_MAX: "2" }, { outbox: { autoStart: false } });
    try {
      const send = (fields: Record<string, unknown>) =>
        request(limited.app).post(paths.websiteDesign).type("form").send(fields);
      for (let i = 0; i < 3; i++) expect((await send({ fullName: "", companyName: "" })).status).toBe(400);
      expect((await send(websiteDesignLead())).status).toBe(302);
      expect((await send(websiteDesignLead())).status).toBe(302);
      const third = await send(websiteDesignLead());
      expect(third.status).toBe(429);
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
      expect(third.text).toMatch(/^Too many submissions/);
      // Another page's form has a count of its own.
      const other = await request(limited.app)
        .post(paths.news)
        .type("form")
        .send(newsletterSignup("own-count@example.com"));
      expect(other.status).toBe(200);
    } finally {
      await limited.cleanup();
    }
  });

  it.each([
    ["plain text", "text/plain", "fullName=Jane"],
    ["JSON", "application/json", JSON.stringify(websiteDesignLead())],
    ["XML", "application/xml", "<lead><fullName>Jane</fullName></lead>"],
    ["binary", "application/octet-stream", "fullName=Jane"],
  ])("answers a %s body with 415 and a page that says what to do", async (_name, type, body) => {
    const before = await site.db.selectFrom("website_design_leads").selectAll().execute();
    const response = await request(site.app).post(paths.websiteDesign).set("Content-Type", type).send(body);
    expect(response.status).toBe(415);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.text).toContain("This page only accepts its own form.");
    expect(response.text).toContain("<h1");
    expect(await site.db.selectFrom("website_design_leads").selectAll().execute()).toHaveLength(
      before.length,
    );
  });

  it("answers a broken multipart body with 400, not 500", async () => {
    const response = await request(site.app)
      .post(paths.bookAppointment)
      .set("Content-Type", "multipart/form-data; boundary=xyz")
      .send('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane');
    expect(response.status).toBe(400);
    expect(response.text).toContain("The submission could not be read.");
  });
});

import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessages } from "#shared/error-catalogue.ts";
import { botGuardFields, staleFormMessage } from "#shared/forms/bot-guard.ts";
import { apiPaths, paths } from "#shared/paths.ts";
import {
  appointment,
  endpoints,
  servedAt,
  startedBefore,
  websiteDesignLead,
  webAppLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Monday 23 November 2026, 10:00 in Cape Town: tomorrow is the first bookable day.
const now = new Date("2026-11-23T08:00:00Z");
let site: TestApp;

beforeAll(async () => {
  site = await createTestApp(
    { SITE_URL: "https://agency.test", LEAD_RATE_LIMIT_MAX: "1000" },
    { now: () => now, outbox: { autoStart: false } },
  );
});
afterAll(() => site.cleanup());

const post = (url: string) => request(site.app).post(url);
const rows = (table: "website_design_leads" | "web_app_leads" | "appointment_requests") =>
  site.db.selectFrom(table).selectAll().orderBy("id").execute();
const outboxRows = () => site.db.selectFrom("outbox").selectAll().orderBy("id").execute();
const lead = (overrides: Record<string, unknown> = {}) =>
  websiteDesignLead({ ...stampedAt(now), ...overrides });
const stampedAt = (at: Date) => startedBefore(at.getTime());

/** Runs `send` and reports how many lead, appointment and outbox rows it added. */
async function added(send: () => Promise<unknown>) {
  const before = await counts();
  await send();
  const after = await counts();
  return {
    leads: after.leads - before.leads,
    appointments: after.appointments - before.appointments,
    outbox: after.outbox - before.outbox,
  };
}
async function counts() {
  return {
    leads: (await rows("website_design_leads")).length + (await rows("web_app_leads")).length,
    appointments: (await rows("appointment_requests")).length,
    outbox: (await outboxRows()).length,
  };
}

describe("happy paths: one row and one outbox row each", () => {
  it("stores a website-design lead", async () => {
    const change = await added(async () => {
      const res = await post(endpoints.websiteDesign).send(lead()).expect(201);
      expect(res.body).toEqual({ success: true });
    });
    expect(change).toEqual({ leads: 1, appointments: 0, outbox: 1 });
    const stored = (await rows("website_design_leads")).at(-1);
    expect(stored).toMatchObject({
      full_name: "Jane Doe",
      company_name: "Acme Trading",
      business_email: "jane@acme.co.za",
      website_type: "redesign",
      budget: "30k-60k",
      timeline: "1-2-months",
      created_at: now.toISOString(),
    });
    expect((await outboxRows()).at(-1)).toMatchObject({
      kind: "website-design-lead",
      status: "pending",
      attempts: 0,
    });
  });

  it("stores a web-app lead, optional fields empty as null", async () => {
    const change = await added(() =>
      post(endpoints.webApp)
        .send(webAppLead({ ...stampedAt(now), phoneNumber: "", industry: "", companySize: "" }))
        .expect(201),
    );
    expect(change).toEqual({ leads: 1, appointments: 0, outbox: 1 });
    expect((await rows("web_app_leads")).at(-1)).toMatchObject({
      full_name: "Sipho Dlamini",
      work_email: "sipho@fleetco.co.za",
      phone_number: null,
      industry: null,
      company_size: null,
    });
    expect((await outboxRows()).at(-1)?.kind).toBe("web-app-lead");
  });

  it("stores an appointment request unread (requirements §3), from JSON", async () => {
    const change = await added(() => post(endpoints.appointments).send(appointment(now)).expect(201));
    expect(change).toEqual({ leads: 0, appointments: 1, outbox: 1 });
    expect((await rows("appointment_requests")).at(-1)).toMatchObject({
      name: "Thandi Nkosi",
      email: "thandi@example.co.za",
      // Stored in E.164 whatever the writing (decision 010).
      phone: "+27825550142",
      company: "Nkosi Consulting",
      service_type: "web-development",
      preferred_date: "2026-11-24",
      preferred_time: "10:00 AM",
      project_details: "A booking portal for our consulting clients.",
      // A boolean column: 0 in SQLite, false in PostgreSQL (server/db/dialect.ts).
      read: site.database.engine === "postgres" ? false : 0,
    });
    expect((await outboxRows()).at(-1)?.kind).toBe("appointment-request");
  });

  it("accepts form-encoded bodies too (forms posted without JavaScript)", async () => {
    const change = await added(() =>
      post(endpoints.appointments)
        .type("form")
        .send(appointment(now, { company: "" }))
        .expect(201),
    );
    expect(change.appointments).toBe(1);
    expect((await rows("appointment_requests")).at(-1)?.company).toBeNull();
  });
});

describe("text is stored cleaned (requirements §5)", () => {
  it("removes angle brackets from scripts and markup", async () => {
    await post(endpoints.websiteDesign)
      .send(
        lead({
          fullName: "<script>alert('x')</script>Jane",
          companyName: " <img src=x onerror=alert(1)> Acme ",
        }),
      )
      .expect(201);
    const stored = (await rows("website_design_leads")).at(-1);
    expect(stored?.full_name).toBe("scriptalert('x')/scriptJane");
    expect(stored?.company_name).toBe("img src=x onerror=alert(1) Acme");
  });

  it("removes invisible formatting and normalises, so what is stored is what was seen", async () => {
    await post(endpoints.appointments)
      .send(
        appointment(now, {
          name: "\u200BThandi\u00ADNkosi\uFEFF",
          company: "Nkosi\tConsulting",
          project_details: "Line one\r\nLine two\rLine three\u2028Line four\twith a tab",
        }),
      )
      .expect(201);
    const stored = (await rows("appointment_requests")).at(-1);
    expect(stored?.name).toBe("ThandiNkosi");
    expect(stored?.company).toBe("Nkosi Consulting");
    expect(stored?.project_details).toBe("Line one\nLine two\nLine three\nLine four\twith a tab");
  });

  it("cuts 5,000-character fields to 1000", async () => {
    await post(endpoints.webApp)
      .send(webAppLead({ ...stampedAt(now), companyName: "c".repeat(5000), industry: "i".repeat(5000) }))
      .expect(201);
    const stored = (await rows("web_app_leads")).at(-1);
    expect(stored?.company_name).toHaveLength(1000);
    expect(stored?.industry).toHaveLength(1000);
  });
});

describe("bad input gets its 4xx, never a 5xx, and stores nothing", () => {
  const cases: Array<[string, () => request.Test, number, string | RegExp]> = [
    [
      "malformed JSON",
      () => post(endpoints.websiteDesign).type("json").send('{"fullName": "Jane",'),
      400,
      /could not be read/,
    ],
    [
      "a JSON array",
      () => post(endpoints.websiteDesign).send([lead()]),
      400,
      "The submission must be a set of form fields",
    ],
    ["an empty JSON body", () => post(endpoints.websiteDesign).type("json").send(""), 400, /.+/],
    [
      "plain text",
      () => post(endpoints.websiteDesign).type("text/plain").send("fullName=Jane"),
      415,
      /JSON or as an ordinary form/,
    ],
    [
      "XML",
      () => post(endpoints.appointments).type("application/xml").send("<a/>"),
      415,
      /JSON or as an ordinary form/,
    ],
    ["no content type", () => post(endpoints.webApp), 415, /JSON or as an ordinary form/],
    ...(["gzip", "deflate", "br"] as const).map((encoding): [string, () => request.Test, number, RegExp] => [
      `a corrupt ${encoding} body`,
      () => post(endpoints.webApp).type("json").set("Content-Encoding", encoding).send("not compressed"),
      400,
      /could not be read/,
    ]),
    [
      "an unknown Content-Encoding",
      () => post(endpoints.webApp).type("json").set("Content-Encoding", "x-unknown").send("{}"),
      415,
      /JSON or as an ordinary form/,
    ],
    [
      "a NUL byte in a name",
      () => post(endpoints.websiteDesign).send(lead({ companyName: "Acme\u0000Trading" })),
      400,
      "Company Name contains characters that are not allowed",
    ],
    [
      "an escape sequence in a name",
      () => post(endpoints.appointments).send(appointment(now, { name: "Thandi \u001b[31mNkosi" })),
      400,
      "Name contains characters that are not allowed",
    ],
    [
      "a right-to-left override",
      () =>
        post(endpoints.webApp).send(webAppLead({ ...stampedAt(now), industry: "Logistics\u202Egnp.exe" })),
      400,
      "Industry contains characters that are not allowed",
    ],
    [
      "a line break in a single-line field (header injection)",
      () => post(endpoints.websiteDesign).send(lead({ fullName: "Jane\r\nBcc: victim@example.com" })),
      400,
      "Full Name must be a single line",
    ],
    [
      "two addresses in one e-mail field",
      () => post(endpoints.websiteDesign).send(lead({ businessEmail: "jane@acme.co.za,boss@acme.co.za" })),
      400,
      "Business Email must be a valid email address",
    ],
    [
      "an address a reply cannot reach",
      () => post(endpoints.appointments).send(appointment(now, { email: "x@y.z [31m" })),
      400,
      "Please enter a valid email address",
    ],
    [
      "a body over 16 KB",
      () => post(endpoints.websiteDesign).send(lead({ companyName: "x".repeat(17_000) })),
      413,
      /too large/,
    ],
    [
      "a form body over 16 KB",
      () =>
        post(endpoints.appointments)
          .type("form")
          .send({ name: "x".repeat(17_000) }),
      413,
      /too large/,
    ],
    [
      "a number for a name",
      () => post(endpoints.websiteDesign).send(lead({ fullName: 42 })),
      400,
      "Full Name must be text",
    ],
    [
      "a list for a name",
      () => post(endpoints.webApp).type("form").send("fullName=a&fullName=b"),
      400,
      "Full Name must be text",
    ],
    ["missing fields", () => post(endpoints.webApp).send(stampedAt(now)), 400, "Full Name is required"],
    [
      "an unknown field",
      () => post(endpoints.websiteDesign).send(lead({ isAdmin: true })),
      400,
      "Unknown field: isAdmin",
    ],
    [
      "a bad e-mail",
      () => post(endpoints.websiteDesign).send(lead({ businessEmail: "jane" })),
      400,
      "Business Email must be a valid email address",
    ],
    [
      "a bad phone",
      () => post(endpoints.webApp).send(webAppLead({ ...stampedAt(now), phoneNumber: "phone me" })),
      400,
      "Phone Number must be a valid phone number",
    ],
    [
      "an unlisted budget",
      () => post(endpoints.websiteDesign).send(lead({ budget: "free" })),
      400,
      "Budget must be one of the listed options",
    ],
    [
      "no form start time",
      () => post(endpoints.websiteDesign).send(lead({ [botGuardFields.startedAt]: undefined })),
      400,
      staleFormMessage,
    ],
    [
      "a start time the server did not sign (a bot's old number)",
      () => post(endpoints.websiteDesign).send(lead({ [botGuardFields.startedAt]: now.getTime() - 600_000 })),
      400,
      staleFormMessage,
    ],
    [
      "a signed start time altered to look older",
      () => {
        const [version, , signature] = String(startedBefore(now.getTime())[botGuardFields.startedAt]).split(
          ".",
        );
        const older = (now.getTime() - 3_600_000).toString(36);
        return post(endpoints.websiteDesign).send(
          lead({ [botGuardFields.startedAt]: `${version}.${older}.${signature}` }),
        );
      },
      400,
      staleFormMessage,
    ],
    [
      "a fast submission with a missing name: its errors, not a quiet success",
      () => post(endpoints.websiteDesign).send(lead({ fullName: "", ...servedAt(now.getTime()) })),
      400,
      "Full Name is required",
    ],
  ];

  it.each(cases)("%s", async (_name, send, status, message) => {
    const change = await added(async () => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(message);
    });
    expect(change).toEqual({ leads: 0, appointments: 0, outbox: 0 });
  });

  it("answers field errors for every problem at once", async () => {
    const res = await post(endpoints.webApp)
      .send({ ...stampedAt(now), workEmail: "nope", surprise: 1 })
      .expect(400);
    expect(res.body).toEqual({
      success: false,
      error: "Full Name is required",
      fieldErrors: {
        fullName: "Full Name is required",
        workEmail: "Work Email must be a valid email address",
        companyName: "Company Name is required",
        surprise: "Unknown field: surprise",
      },
    });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await post("/api/submit-everything").send({}).expect(404);
    expect(res.body).toEqual({ success: false, error: "There is no such API endpoint." });
  });
});

describe("appointment date and time (requirements §5)", () => {
  it.each([
    [
      "a Saturday",
      { preferred_date: "2026-11-28" },
      "preferred_date",
      "Please select one of the available dates",
    ],
    ["today", { preferred_date: "2026-11-23" }, "preferred_date", "Please select one of the available dates"],
    [
      "the 15th day",
      { preferred_date: "2026-12-08" },
      "preferred_date",
      "Please select one of the available dates",
    ],
    [
      "a past date",
      { preferred_date: "2026-01-05" },
      "preferred_date",
      "Please select one of the available dates",
    ],
    ["no date", { preferred_date: "" }, "preferred_date", "Please select a preferred date"],
    [
      "a slot that does not exist",
      { preferred_time: "12:00 PM" },
      "preferred_time",
      "Please select a preferred time",
    ],
    ["a 24-hour time", { preferred_time: "14:00" }, "preferred_time", "Please select a preferred time"],
  ])("refuses %s with 400", async (_name, overrides, field, message) => {
    const change = await added(async () => {
      const res = await post(endpoints.appointments).send(appointment(now, overrides)).expect(400);
      expect(res.body.fieldErrors).toEqual({ [field]: message });
    });
    expect(change.appointments).toBe(0);
  });

  it("accepts the last weekday of the window and the last slot", async () => {
    await post(endpoints.appointments)
      .send(appointment(now, { preferred_date: "2026-12-07", preferred_time: "04:00 PM" }))
      .expect(201);
  });
});

describe("cross-site posts get 403 (CSRF)", () => {
  it.each([
    ["another origin", { Origin: "https://evil.example" }],
    ["an opaque origin", { Origin: "null" }],
    ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site" }],
  ])("refuses %s", async (_name, headers) => {
    const change = await added(async () => {
      const res = await post(endpoints.websiteDesign).set(headers).send(lead()).expect(403);
      expect(res.body).toEqual({
        success: false,
        error: "This form can only be submitted from our website.",
      });
    });
    expect(change.leads).toBe(0);
  });

  it("accepts the site's own origin and same-origin fetches", async () => {
    await post(endpoints.websiteDesign).set("Origin", "https://agency.test").send(lead()).expect(201);
    await post(endpoints.websiteDesign).set("Sec-Fetch-Site", "same-origin").send(lead()).expect(201);
  });
});

describe("suspected bots are answered like anyone, stored, and held back from the inbox", () => {
  const latest = async (table: "website_design_leads" | "appointment_requests") => (await rows(table)).at(-1);

  it("for a filled honeypot (a password manager may fill it)", async () => {
    const change = await added(async () => {
      const res = await post(endpoints.websiteDesign).send(
        lead({ fullName: "Honeypot Filled", [botGuardFields.honeypot]: "https://spam.example" }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true });
    });
    expect(change).toEqual({ leads: 1, appointments: 0, outbox: 0 });
    expect(await latest("website_design_leads")).toMatchObject({
      full_name: "Honeypot Filled",
      suspected_spam: "honeypot",
    });
  });

  it("for a valid submission faster than the minimum fill time (autofill, a fast typist)", async () => {
    const change = await added(async () => {
      const res = await post(endpoints.appointments).send(appointment(now, servedAt(now.getTime() - 500)));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true });
    });
    expect(change).toEqual({ leads: 0, appointments: 1, outbox: 0 });
    expect(await latest("appointment_requests")).toMatchObject({
      name: "Thandi Nkosi",
      suspected_spam: "too-fast",
    });
  });

  it("while a person who took their time is not suspected", async () => {
    await post(endpoints.websiteDesign).send(lead()).expect(201);
    expect((await latest("website_design_leads"))?.suspected_spam).toBeNull();
  });
});

describe("rate limits (per client and endpoint)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      { LEAD_RATE_LIMIT_MAX: "2", LEAD_RATE_LIMIT_WINDOW_MINUTES: "10" },
      { now: () => now, outbox: { autoStart: false } },
    );
  });
  afterAll(() => limited.cleanup());

  it("answers 429 with Retry-After and a clear message after the limit", async () => {
    for (let i = 0; i < 2; i++)
      await request(limited.app).post(endpoints.websiteDesign).send(lead()).expect(201);
    const res = await request(limited.app).post(endpoints.websiteDesign).send(lead()).expect(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(600);
    expect(res.body).toEqual({
      success: false,
      error: "Too many submissions from your network. Please try again in 10 minutes.",
    });
    expect(await limited.db.selectFrom("website_design_leads").selectAll().execute()).toHaveLength(2);
  });

  it("counts each endpoint on its own", async () => {
    await request(limited.app)
      .post(endpoints.webApp)
      .send(webAppLead(stampedAt(now)))
      .expect(201);
  });

  it("counts a form's page (no JavaScript) and its API together", async () => {
    const page = () =>
      request(limited.app)
        .post(paths.webAppDevelopment)
        .type("form")
        .send(webAppLead(stampedAt(now)));
    expect((await page()).status).toBe(302);
    expect((await page()).status).toBe(429);
    await request(limited.app)
      .post(endpoints.webApp)
      .send(webAppLead(stampedAt(now)))
      .expect(429);
  });
});

describe("fair rate limits: typing mistakes never lock anyone out", () => {
  let site5: TestApp;
  beforeAll(async () => {
    site5 = await createTestApp(
      { LEAD_RATE_LIMIT_MAX: "5", LEAD_RATE_LIMIT_WINDOW_MINUTES: "10" },
      { now: () => now, outbox: { autoStart: false } },
    );
  });
  afterAll(() => site5.cleanup());

  it("accepts a valid submission after five refused ones", async () => {
    const send = (overrides: Record<string, unknown>) =>
      request(site5.app).post(endpoints.appointments).send(appointment(now, overrides));
    for (let i = 0; i < 5; i++) await send({ email: `typo-${i}@example` }).expect(400);
    await send({}).expect(201);
    // …and the no-JavaScript form on another page has its own count.
    const other = await request(site5.app)
      .post(paths.websiteDesign)
      .type("form")
      .send(websiteDesignLead(stampedAt(now)));
    expect(other.status).toBe(302);
  });

  it("still stops a script hammering an endpoint with refused bodies", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await request(site5.app)
        .post(endpoints.newsletter)
        .send({ email: "nope", ...stampedAt(now) });
      statuses.push(res.status);
    }
    // The refused allowance is ten times the accepted one.
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(400));
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
  });
});

describe("failures of our own", () => {
  it("answer 500 with the catalogue's text and no internals", async () => {
    const broken = await createTestApp({}, { now: () => now, outbox: { autoStart: false } });
    await broken.db.destroy();
    const res = await request(broken.app).post(endpoints.websiteDesign).send(lead()).expect(500);
    // The request id lets a visitor's report be found in the logs.
    expect(res.body).toEqual({
      success: false,
      error: errorMessages.unexpected,
      fieldErrors: {},
      requestId: res.headers["x-request-id"],
    });
    const unsubscribe = await request(broken.app)
      .post(`${apiPaths.newsletterUnsubscribe}?token=abc`)
      .expect(500);
    expect(unsubscribe.body).toEqual({
      success: false,
      error: errorMessages.unexpected,
      requestId: unsubscribe.headers["x-request-id"],
    });
    expect(JSON.stringify([res.body, unsubscribe.body])).not.toMatch(
      /sqlite|kysely|destroyed|\/tmp|at \w+ \(/i,
    );
    await broken.cleanup();
  });
});

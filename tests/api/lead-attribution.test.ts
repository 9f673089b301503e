import { parse } from "csv-parse/sync";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { leadSourceColumns, leadSourceLabels } from "#shared/lead-source.ts";
import { paths } from "#shared/paths.ts";
import { encodeVisitSource, VISIT_PARAM, type VisitSource } from "#shared/visit-source.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { useMailingTestApp } from "#tests/support/mailing-test-app.ts";
import { appointment, endpoints, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";

/**
 * Where each lead came from (docs/decisions/045-lead-attribution.md): the site script sends
 * the visit's source in one hidden field; the server checks each part, drops what fails and
 * stores the rest with the lead, which the e-mail, the CLI, the exports and the personal-data
 * export and erase all carry.
 */

const mailing = useMailingTestApp({
  MAIL_TO: "leads@agency.test",
  SITE_URL: "https://agency.test",
  LEAD_RATE_LIMIT_MAX: "1000",
});

/** A visit that landed on the home page from a LinkedIn campaign and sent the form on the service page. */
const linkedInVisit: VisitSource = {
  sourcePage: paths.websiteDesign,
  landingPage: "/",
  referrerHost: "www.linkedin.com",
  utmSource: "linkedin",
  utmMedium: "paid",
  utmCampaign: "november-launch",
  utmTerm: "web design cape town",
  utmContent: "carousel-2",
  clickIdKind: "gclid",
  clickId: "Cj0KCQiA_x-1.abc",
};

const storedSource = {
  source_page: paths.websiteDesign,
  landing_page: "/",
  referrer_host: "www.linkedin.com",
  utm_source: "linkedin",
  utm_medium: "paid",
  utm_campaign: "november-launch",
  utm_term: "web design cape town",
  utm_content: "carousel-2",
  click_id_kind: "gclid",
  click_id: "Cj0KCQiA_x-1.abc",
};

const sourceColumnsOf = (row: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.keys(storedSource).map((name) => [name, row?.[name]]));

const designLeadByEmail = (email: string) =>
  mailing.site.db
    .selectFrom("website_design_leads")
    .selectAll()
    .where("business_email", "=", email)
    .executeTakeFirst();

const send = (endpoint: string, body: Record<string, unknown>, referer?: string) => {
  const post = request(mailing.site.app).post(endpoint);
  if (referer) void post.set("Referer", referer);
  return post.send(body);
};

describe("a lead's source", () => {
  it("is stored part by part, and the agency's e-mail says it in its Source line", async () => {
    const email = "linkedin@acme.co.za";
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({ businessEmail: email, [VISIT_PARAM]: encodeVisitSource(linkedInVisit) }),
    ).expect(201);
    expect(sourceColumnsOf(await designLeadByEmail(email))).toEqual(storedSource);

    expect(await mailing.site.outbox.drain()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await mailing.sink.waitForMessages(1);
    const line = `Source: LinkedIn / paid / november-launch (Google Ads click), landed on /, sent from ${paths.websiteDesign}`;
    expect(mail?.text).toContain(line);
    expect(mail?.html).toContain("Source");
    expect(mail?.html).toContain(
      `LinkedIn / paid / november-launch (Google Ads click), landed on /, sent from ${paths.websiteDesign}`,
    );
  });

  it("is kept for an appointment request, a web-app lead and a lead held as suspected spam", async () => {
    const visit = encodeVisitSource({ ...linkedInVisit, sourcePage: paths.bookAppointment });
    await send(
      endpoints.appointments,
      appointment(new Date(), { email: "meet@acme.co.za", [VISIT_PARAM]: visit }),
    ).expect(201);
    await send(endpoints.webApp, webAppLead({ workEmail: "app@acme.co.za", [VISIT_PARAM]: visit })).expect(
      201,
    );
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({
        businessEmail: "held@spam.test",
        [botGuardFields.honeypot]: "https://spam.test",
        [VISIT_PARAM]: visit,
      }),
    ).expect(201);
    const expected = { ...storedSource, source_page: paths.bookAppointment };
    const db = mailing.site.db;
    expect(
      sourceColumnsOf(
        await db
          .selectFrom("appointment_requests")
          .selectAll()
          .where("email", "=", "meet@acme.co.za")
          .executeTakeFirst(),
      ),
    ).toEqual(expected);
    expect(
      sourceColumnsOf(
        await db
          .selectFrom("web_app_leads")
          .selectAll()
          .where("work_email", "=", "app@acme.co.za")
          .executeTakeFirst(),
      ),
    ).toEqual(expected);
    const held = await designLeadByEmail("held@spam.test");
    expect(held?.suspected_spam).toBe("honeypot");
    expect(sourceColumnsOf(held)).toEqual(expected);
  });

  it("drops each hostile or broken part, never the lead", async () => {
    const email = "hostile@acme.co.za";
    const hostile: VisitSource = {
      sourcePage: "https://evil.example/phish",
      landingPage: "//evil.example/x",
      referrerHost: "evil host<script>",
      utmSource: "linkedin\u202Egnp.exe",
      utmMedium: "x".repeat(151),
      utmCampaign: "  spring\u200B sale  ",
      utmTerm: "line one\nline two",
      utmContent: "\u0007bell",
      clickIdKind: "msclkid",
      clickId: "abc",
    };
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({ businessEmail: email, [VISIT_PARAM]: encodeVisitSource(hostile) }),
    ).expect(201);
    expect(sourceColumnsOf(await designLeadByEmail(email))).toEqual({
      ...Object.fromEntries(Object.keys(storedSource).map((name) => [name, null])),
      // Cleaned as every form's text is: invisible characters removed, trimmed.
      utm_campaign: "spring sale",
    });

    // A click id outside its characters, with a kind it may have, is dropped with its kind.
    const badClick = "badclick@acme.co.za";
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({
        businessEmail: badClick,
        [VISIT_PARAM]: encodeVisitSource({ clickIdKind: "fbclid", clickId: "a b<c>" }),
      }),
    ).expect(201);
    const row = await designLeadByEmail(badClick);
    expect([row?.click_id_kind, row?.click_id]).toEqual([null, null]);

    // A field that is not an encoded source at all stores nothing of it, and the lead all the same.
    for (const [index, garbage] of ["%%%not base64", "A".repeat(5000), "_-_-"].entries()) {
      const other = `garbage${index}@acme.co.za`;
      await send(
        endpoints.websiteDesign,
        websiteDesignLead({ businessEmail: other, [VISIT_PARAM]: garbage }),
      ).expect(201);
      expect(sourceColumnsOf(await designLeadByEmail(other))).toEqual(
        Object.fromEntries(Object.keys(storedSource).map((name) => [name, null])),
      );
    }
  });

  it("keeps campaign text in any script as typed, and drops a part whose bytes are not UTF-8", async () => {
    const email = "scripts@acme.co.za";
    const carried = encodeVisitSource({
      landingPage: "/",
      utmSource: "Izindaba zaseThekwini",
      utmMedium: "إعلان مدفوع",
      utmCampaign: "春季 launch & more = 100% + #1",
    });
    await send(
      endpoints.websiteDesign,
      // The medium's bytes are swapped for ones that are no UTF-8.
      websiteDesignLead({ businessEmail: email, [VISIT_PARAM]: carried.replace(/m=[^&]+/, "m=%D8%FF%FE") }),
    ).expect(201);
    expect(await designLeadByEmail(email)).toMatchObject({
      landing_page: "/",
      utm_source: "Izindaba zaseThekwini",
      utm_medium: null,
      utm_campaign: "春季 launch & more = 100% + #1",
    });
  });

  it("takes the page it was sent from from the Referer when the form did not say, but only this site's", async () => {
    const host = "127.0.0.1";
    await send(
      endpoints.websiteDesign,
      websiteDesignLead({ businessEmail: "referer@acme.co.za" }),
      `http://${host}${paths.websiteDesign}?x=1#proposal`,
    )
      .set("Host", host)
      .expect(201);
    expect((await designLeadByEmail("referer@acme.co.za"))?.source_page).toBe(paths.websiteDesign);

    await send(
      endpoints.websiteDesign,
      websiteDesignLead({ businessEmail: "elsewhere@acme.co.za" }),
      "https://evil.example/website-design",
    )
      .set("Host", host)
      .expect(201);
    expect((await designLeadByEmail("elsewhere@acme.co.za"))?.source_page).toBeNull();
  });

  it("is recorded for a form posted without JavaScript: the page it was sent from", async () => {
    const host = "agency.test";
    const fields = websiteDesignLead({ businessEmail: "nojs@acme.co.za" });
    const response = await request(mailing.site.app)
      .post(paths.websiteDesign)
      .set("Host", host)
      .set("Referer", `https://${host}${paths.websiteDesign}`)
      .type("form")
      .send({
        ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
        [VISIT_PARAM]: "",
      });
    expect(response.status).toBe(302);
    const row = await designLeadByEmail("nojs@acme.co.za");
    expect(row?.source_page).toBe(paths.websiteDesign);
    expect(row?.landing_page).toBeNull();
  });
});

describe("the source where staff read leads", () => {
  it("leads list shows the campaign, leads show every part, --json and the CSV every field", async () => {
    const list = await cli(mailing.site, "leads", "list");
    expect(list.code).toBe(0);
    const lines = list.stdout.split("\n");
    expect(lines[0]).toMatch(/ SOURCE +OWNER$/);
    const wd1 = lines.find((line) => line.startsWith("wd-1 ")) ?? "";
    expect(wd1).toContain("LinkedIn / paid / november-launch (Google Ads click)");

    const show = await cli(mailing.site, "leads", "show", "wd-1");
    expect(show.code).toBe(0);
    const design = paths.websiteDesign;
    // One whole line of the output; only " +" (the padding) is a pattern.
    const wholeLine = (text: string) => new RegExp(`^${text.replace(/[.*?()[\]{}|\\^$/]/g, "\\$&")}$`, "m");
    for (const expected of [
      wholeLine(
        `Source: +LinkedIn / paid / november-launch (Google Ads click), landed on /, sent from ${design}`,
      ),
      wholeLine(`Sent from: +${design}`),
      /^Landing page: +\/$/m,
      /^Referred by: +www\.linkedin\.com$/m,
      /^Campaign source: +linkedin$/m,
      /^Campaign medium: +paid$/m,
      /^Campaign name: +november-launch$/m,
      /^Campaign term: +web design cape town$/m,
      /^Campaign content: +carousel-2$/m,
      /^Paid click: +Google Ads$/m,
      /^Click id: +Cj0KCQiA_x-1\.abc$/m,
    ]) {
      expect(show.stdout).toMatch(expected);
    }

    const shown = JSON.parse((await cli(mailing.site, "leads", "show", "wd-1", "--json")).stdout) as unknown;
    expect(shown).toMatchObject({
      sourcePage: paths.websiteDesign,
      landingPage: "/",
      referrerHost: "www.linkedin.com",
      utmSource: "linkedin",
      utmMedium: "paid",
      utmCampaign: "november-launch",
      utmTerm: "web design cape town",
      utmContent: "carousel-2",
      clickIdKind: "gclid",
      clickId: "Cj0KCQiA_x-1.abc",
    });
    const listed = JSON.parse((await cli(mailing.site, "leads", "list", "--json")).stdout) as Record<
      string,
      unknown
    >[];
    expect(listed.find((row) => row.id === "wd-1")).toMatchObject({ utmCampaign: "november-launch" });

    const csv = await cli(mailing.site, "export", "leads", "--format", "csv");
    const rows = parse(csv.stdout.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    const header =
      csv.stdout
        .replace(/^\uFEFF/, "")
        .split(/\r?\n/)[0]
        ?.split(",") ?? [];
    // Each part under the label the lead's page gives it; whose the paid click is, in words.
    for (const name of leadSourceColumns) expect(header).toContain(leadSourceLabels[name]);
    expect(rows.find((row) => row.Reference === "wd-1")).toMatchObject({
      "Landing page": "/",
      "Campaign source": "linkedin",
      "Campaign name": "november-launch",
      "Paid click": "Google Ads",
      "Click id": "Cj0KCQiA_x-1.abc",
    });
    const appointments = await cli(mailing.site, "export", "appointments", "--format", "csv");
    const appointmentRows = parse(appointments.stdout.replace(/^\uFEFF/, ""), { columns: true }) as Record<
      string,
      string
    >[];
    expect(appointmentRows[0]).toMatchObject({
      "Sent from": paths.bookAppointment,
      "Campaign medium": "paid",
    });
  });

  it("a record with no source says so in leads show", async () => {
    const listed = JSON.parse((await cli(mailing.site, "leads", "list", "--json")).stdout) as {
      id: string;
      email: string;
    }[];
    const id = listed.find((row) => row.email === "garbage0@acme.co.za")?.id ?? "none";
    const show = await cli(mailing.site, "leads", "show", id);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^Source: +not recorded$/m);
  });
});

describe("the source in a person's data", () => {
  it("is in the personal-data export, and gone with the erased leads", async () => {
    const email = "linkedin@acme.co.za";
    const exported = await cli(mailing.site, "privacy", "export", "--email", email);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as { websiteDesignLeads: Record<string, unknown>[] };
    expect(data.websiteDesignLeads).toHaveLength(1);
    expect(sourceColumnsOf(data.websiteDesignLeads[0])).toEqual(storedSource);

    const erased = await cli(mailing.site, "privacy", "erase", "--email", email, "--yes");
    expect(erased.code).toBe(0);
    expect(await designLeadByEmail(email)).toBeUndefined();
    const after = JSON.parse((await cli(mailing.site, "privacy", "export", "--email", email)).stdout) as {
      websiteDesignLeads: unknown[];
    };
    expect(after.websiteDesignLeads).toEqual([]);
  });
});

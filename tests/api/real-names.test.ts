import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "#shared/paths.ts";
import { invisiblePieces } from "#tests/support/hostile-text.ts";
import { misplacedInvisibles } from "#tests/support/stored-text.ts";
import {
  appointment,
  endpoints,
  newsletterSignup,
  startedBefore,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Names and text through the real API into the real database (decision 029): real names
 * in any script are stored byte for byte; invisible code points are removed or refused.
 */

// Monday 23 November 2026, 10:00 in Cape Town: tomorrow is the first bookable day.
const now = new Date("2026-11-23T08:00:00Z");
let site: TestApp;

beforeAll(async () => {
  site = await createTestApp(
    { LEAD_RATE_LIMIT_MAX: "1000" },
    { now: () => now, outbox: { autoStart: false } },
  );
});
afterAll(() => site.cleanup());

const post = (url: string) => request(site.app).post(url);
/** A form served a minute before `now`: each submission its own, as each visitor has. */
const stamped = () => startedBefore(now.getTime());
const lastLead = async () =>
  (await site.db.selectFrom("website_design_leads").selectAll().orderBy("id", "desc").executeTakeFirst()) ??
  null;
/** The newest web-app lead stored. */
const lastWebAppLead = () =>
  site.db.selectFrom("web_app_leads").selectAll().orderBy("id", "desc").executeTakeFirst();
const leadCount = async () => (await site.db.selectFrom("website_design_leads").selectAll().execute()).length;
const utf8 = (text: string | null | undefined) => Buffer.from(text ?? "", "utf8").toString("hex");

const persian = "نسرین\u200c رضایی";
const hindi = "अर्जुन क्षत्रिय";
const welsh = "Gwenllian Ŵyn";
const irish = "Zoë O'Brien-Nkosi";
const technologistStudio = "👩🏽\u200d💻 Studio";

describe("real names are stored byte for byte", () => {
  it.each([persian, hindi, welsh, irish])("a website-design lead from %s", async (fullName) => {
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...stamped(), fullName, companyName: technologistStudio }))
      .expect(201);
    const stored = await lastLead();
    expect(utf8(stored?.full_name)).toBe(utf8(fullName));
    expect(utf8(stored?.company_name)).toBe(utf8(technologistStudio));
  });

  it("the Persian name keeps its U+200C and the studio its emoji joiner", async () => {
    await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...stamped(), fullName: persian, companyName: technologistStudio }))
      .expect(201);
    const stored = await lastLead();
    expect(stored?.full_name).toContain("\u200c");
    expect([...(stored?.company_name ?? "")].slice(0, 4)).toEqual(["👩", "🏽", "\u200d", "💻"]);
  });

  it("a web-app lead and an appointment request keep them too", async () => {
    await post(endpoints.webApp)
      .send(webAppLead({ ...stamped(), fullName: hindi, companyName: technologistStudio, industry: welsh }))
      .expect(201);
    const web = await lastWebAppLead();
    expect([utf8(web?.full_name), utf8(web?.company_name), utf8(web?.industry)]).toEqual([
      utf8(hindi),
      utf8(technologistStudio),
      utf8(welsh),
    ]);
    await post(endpoints.appointments)
      .send(
        appointment(now, {
          name: persian,
          company: technologistStudio,
          project_details: `${irish}: ${hindi}`,
        }),
      )
      .expect(201);
    const booking = await site.db
      .selectFrom("appointment_requests")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect([utf8(booking?.name), utf8(booking?.company), utf8(booking?.project_details)]).toEqual([
      utf8(persian),
      utf8(technologistStudio),
      utf8(`${irish}: ${hindi}`),
    ]);
  });

  it("the form without JavaScript stores them the same way", async () => {
    const fields = websiteDesignLead({ ...stamped(), fullName: persian, companyName: technologistStudio });
    const response = await post(paths.websiteDesign)
      .type("form")
      .send(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])));
    expect(response.status).toBe(302);
    const stored = await lastLead();
    expect([utf8(stored?.full_name), utf8(stored?.company_name)]).toEqual([
      utf8(persian),
      utf8(technologistStudio),
    ]);
  });
});

describe("invisible code points", () => {
  it('full_name = "\\u206F" is answered "Full Name is required" and nothing is stored', async () => {
    const before = await leadCount();
    const response = await post(endpoints.websiteDesign)
      .send(websiteDesignLead({ ...stamped(), fullName: "\u206f" }))
      .expect(400);
    expect(response.body.fieldErrors).toEqual({ fullName: "Full Name is required" });
    expect(await leadCount()).toBe(before);
  });

  it.each(invisiblePieces)("%j inside a name is removed before it is stored", async (invisible) => {
    await post(endpoints.websiteDesign)
      .send(
        websiteDesignLead({
          ...stamped(),
          fullName: `Jo${invisible}hn Doe`,
          companyName: `${invisible}Acme`,
        }),
      )
      .expect(201);
    const stored = await lastLead();
    expect([stored?.full_name, stored?.company_name]).toEqual(["John Doe", "Acme"]);
  });

  it.each(["\ufdd0", "\uffff", "\u{1fffe}", "\u{2ffff}", "\u{10ffff}"])(
    "the noncharacter %j is refused, in every plane",
    async (noncharacter) => {
      const before = await leadCount();
      const response = await post(endpoints.websiteDesign)
        .send(websiteDesignLead({ ...stamped(), fullName: `Jane${noncharacter} Doe` }))
        .expect(400);
      expect(response.body.fieldErrors).toEqual({
        fullName: "Full Name contains characters that are not allowed",
      });
      expect(await leadCount()).toBe(before);
    },
  );

  it.each(["someone@example.com\u034f", "someone@\u115fexample.org", "someone@ｅxample.com"])(
    "the address %j is refused on the lead forms and the newsletter",
    async (email) => {
      const lead = await post(endpoints.websiteDesign)
        .send(websiteDesignLead({ ...stamped(), businessEmail: email }))
        .expect(400);
      expect(lead.body.fieldErrors).toEqual({
        businessEmail: "Business Email must be a valid email address",
      });
      const newsletter = await post(endpoints.newsletter)
        .send(newsletterSignup(email, stamped()))
        .expect(400);
      expect(newsletter.body.fieldErrors).toEqual({ email: "Please enter a valid email address" });
      const subscribers = await site.db.selectFrom("newsletter_subscribers").selectAll().execute();
      expect(subscribers.filter((row) => misplacedInvisibles(row.email).length > 0)).toEqual([]);
    },
  );
});

describe("the cut at 1000 characters", () => {
  /** Sends a web-app lead with this industry; answers the lead as stored. */
  async function sendWebAppIndustry(industry: string) {
    await post(endpoints.webApp)
      .send(webAppLead({ ...stamped(), industry }))
      .expect(201);
    return lastWebAppLead();
  }

  it("is trimmed after the cut: no space is stored at the end", async () => {
    const industry = `${"a".repeat(997)}   and more`;
    const web = await sendWebAppIndustry(industry);
    expect(web?.industry).toBe("a".repeat(997));
  });

  it("keeps an emoji sequence whole or leaves it out", async () => {
    const industry = `${"a".repeat(995)}${technologistStudio}`;
    const web = await sendWebAppIndustry(industry);
    expect(web?.industry).toBe("a".repeat(995));
  });
});

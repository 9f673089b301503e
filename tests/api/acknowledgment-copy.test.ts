import { createHash } from "node:crypto";
import type { Kysely, KyselyPlugin } from "kysely";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPageCopySource } from "#server/content/page-copy-source.ts";
import type { Database } from "#server/db/schema.ts";
import { createLogger } from "#server/platform/logger.ts";
import { savePageCopy } from "#server/operations/pages/page-copy-operations.ts";
import { createLeadService } from "#server/operations/leads/lead-service.ts";
import { thankYouWebAppCopy } from "#data/pages/contact-pages-copy.ts";
import type { CopyPageName, PageCopy } from "#shared/copy/copy-pages.ts";
import { paths } from "#shared/paths.ts";
import type { ReceivedMail, SmtpSink } from "#tests/support/smtp-sink.ts";
import { startSmtpSink } from "#tests/support/smtp-sink.ts";
import {
  appointment,
  endpoints,
  startedBefore,
  testClientAddressKey,
  testFormTokens,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { agencyMailEnv } from "#tests/support/agency-mail.ts";

/**
 * The acknowledgment says what the visitor's page says: a lead's thank-you page, the
 * booking page for an appointment request. Copy edited through the operation both doors
 * use shows in both parts of the e-mail (escaped in HTML, as written in plain text) and on
 * the page; the message keeps the words it was queued with; unedited, it is byte for byte
 * the e-mail sent before it followed the pages; and copy that cannot be read never costs
 * a lead its acknowledgment. Real SMTP on loopback; both engines.
 */

// Months back, so every e-mail queued at this time is due when the outbox drains.
const clock = new Date("2026-03-02T08:00:00.000Z");

let sink: SmtpSink;
let site: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await createTestApp(
    {
      ...agencyMailEnv,
      LEAD_RATE_LIMIT_MAX: "1000",
      SMTP_URL: sink.url,
      ACKNOWLEDGE_SUBMISSIONS: "true",
      ACKNOWLEDGMENTS_PER_IP_PER_DAY: "1000",
    },
    { outbox: { autoStart: false }, now: () => clock, followUp: { autoStart: false } },
  );
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});
afterEach(() => {
  sink.messages.length = 0;
});

const sha256 = (text: string | undefined) =>
  createHash("sha256")
    .update(text ?? "")
    .digest("hex");

type Form = "websiteDesign" | "webApp" | "appointments";

/** A valid submission of `form` from `email`, started a minute before the clock. */
function submission(form: Form, email: string): Record<string, unknown> {
  const started = startedBefore(clock.getTime());
  if (form === "websiteDesign")
    return websiteDesignLead({ ...started, businessEmail: email, fullName: "Ann Lee" });
  if (form === "webApp") return webAppLead({ ...started, workEmail: email });
  return appointment(clock, { email });
}

/** Sends the form through the HTTP API; the acknowledgment stays queued. */
async function submit(form: Form, email: string): Promise<void> {
  await request(site.app).post(endpoints[form]).send(submission(form, email)).expect(201);
}

/** Sends what the outbox holds; answers the e-mail that went to `email`. */
async function acknowledgmentTo(email: string): Promise<ReceivedMail> {
  const { sent } = await site.outbox.drain();
  const mails = await sink.waitForMessages(sent);
  const ack = mails.find((mail) => mail.to.includes(email));
  if (!ack) throw new Error(`no acknowledgment to ${email}`);
  sink.messages.length = 0;
  return ack;
}

async function send(form: Form, email: string): Promise<ReceivedMail> {
  await submit(form, email);
  return acknowledgmentTo(email);
}

/** The steps of the plain-text part, under its heading line, without their numbers. */
function textSteps(text: string, heading: string): string[] {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf(heading);
  expect(start).toBeGreaterThan(-1);
  const steps: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const step = /^(\d+)\. (.*)$/.exec(line);
    if (!step) break;
    expect(Number(step[1])).toBe(steps.length + 1);
    steps.push(step[2] ?? "");
  }
  return steps;
}

/** The `<li>` items of the HTML part's (or page's) first list after `heading`, as HTML. */
function htmlSteps(html: string, heading: string): string[] {
  const at = html.indexOf(heading);
  expect(at).toBeGreaterThan(-1);
  const list = /<ol[^>]*>([\s\S]*?)<\/ol>/.exec(html.slice(at))?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((item) => item[1] ?? "");
}

/** The page's text of a list item, its markup and React's comment separators gone. */
const pageText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function publishedCopy<P extends CopyPageName>(page: P): Promise<PageCopy<P>> {
  const source = createPageCopySource(site.db);
  return structuredClone(await source.published(page));
}

/** Publishes a page's copy through the operation `site-admin pages set` and the workspace call. */
async function publish(page: CopyPageName, document: unknown): Promise<void> {
  const saved = await savePageCopy(
    { db: site.db, actor: { actor: "cli:editor", ip: "cli" }, now: () => new Date() },
    page,
    document,
  );
  expect(saved.ok).toBe(true);
}

const pageHtml = async (path: string) => (await request(site.app).get(path).expect(200)).text;

describe("with the copy the site ships with", () => {
  // The text and HTML parts as the SMTP sink read them before the e-mail followed the pages' copy;
  // an appointment's since it says where the meeting is and carries the visitor's private link.
  const before = {
    websiteDesign: [
      "dffbbd32ef4b7b6568d02309d42ed8b2c7bd34e6e6fff8ca36b251e9316e63e7",
      "429e3ebfbabe75d23197ef4b564dae533a6c036aa961359d88cffcafd21053c9",
    ],
    webApp: [
      "9d7c3a9b313c19ac589d9a3500ff0f97c2c900ba554e94f8e69ba7aa8665de6f",
      "87ccebcef39c20efd66fa8d7c3822a0a4a2d34f8e45549b12c65801719b7a806",
    ],
    appointments: [
      "24aebc57ccf36963ca607542fccb9ec30140e4ef6bc5cbdb281eb837a0b1d0f7",
      "99f5b86d0ee44e594612b0f3ed61e2066146760baa52e99dbb992959d7a03921",
    ],
  };

  it.each(["websiteDesign", "webApp", "appointments"] as const)(
    "sends the %s acknowledgment byte for byte as before",
    async (form) => {
      const email = `${form.toLowerCase()}@shipped.test`;
      const ack = await send(form, email);
      expect(ack.text).toContain("What happens next:");
      // An appointment's private link is new each time (decision 062): the hash reads it as one word.
      const stable = (part: string) => part.replace(/(\/appointment\/manage\/)[A-Za-z0-9_-]{43}/g, "$1TOKEN");
      expect([sha256(stable(ack.text)), sha256(stable(ack.html ?? ""))]).toEqual(before[form]);
    },
  );
});

describe("after staff edit the pages' copy", () => {
  it("lists the website-design thank-you page's edited heading and steps, as the page does", async () => {
    const copy = await publishedCopy("thank-you-website-design");
    copy.nextTitle = "Your next three days";
    copy.nextSteps = [
      "A designer at {brand} reads your brief today.",
      "You get a sketch of your home page and a price in rand.",
      "We meet online when it suits you.",
      "Nothing is built until you say yes.",
    ];
    await publish("thank-you-website-design", copy);
    const shown = copy.nextSteps.map((step) => step.replace("{brand}", "Kloof Digital"));

    const ack = await send("websiteDesign", "edited@design.test");
    expect(textSteps(ack.text, "Your next three days:")).toEqual(shown);
    expect(ack.text).not.toContain("What happens next");
    expect(htmlSteps(ack.html ?? "", "Your next three days")).toEqual(shown);
    expect(ack.html).not.toContain("What happens next");
    expect(ack.html).not.toContain("Our team reviews your requirements");

    const page = await pageHtml(paths.thankYouWebsiteDesign);
    expect(page).toContain("Your next three days");
    expect(htmlSteps(page, "Your next three days").map(pageText)).toEqual(shown);
    // The other lead's page and e-mail keep their own copy.
    const other = await send("webApp", "untouched@app.test");
    expect(textSteps(other.text, "What happens next:")[0]).toBe(
      "Our team reviews your requirements within 24 hours.",
    );
  });

  it("lists the web-app thank-you page's edited steps, as the page does", async () => {
    const copy = await publishedCopy("thank-you-web-app");
    copy.nextSteps = ["An engineer calls you within a working day.", "We scope the first release together."];
    await publish("thank-you-web-app", copy);

    const ack = await send("webApp", "edited@app.test");
    expect(textSteps(ack.text, "What happens next:")).toEqual(copy.nextSteps);
    expect(htmlSteps(ack.html ?? "", "What happens next")).toEqual(copy.nextSteps);
    const page = await pageHtml(paths.thankYouWebApp);
    expect(htmlSteps(page, copy.nextTitle).map(pageText)).toEqual(copy.nextSteps);
  });

  it("lists the booking page's edited steps for an appointment request, under the e-mail's own heading", async () => {
    const copy = await publishedCopy("book-appointment");
    copy.whatToExpect.steps = [
      { title: "A reply", text: "We answer by e-mail the same working day." },
      { title: "A chat", text: "Thirty minutes online, cameras optional." },
      { title: "A plan", text: "A written plan and a fixed price in rand." },
    ];
    await publish("book-appointment", copy);
    const shown = copy.whatToExpect.steps.map((step) => `${step.title}: ${step.text}`);

    const ack = await send("appointments", "edited@meeting.test");
    expect(textSteps(ack.text, "What happens next:")).toEqual(shown);
    expect(htmlSteps(ack.html ?? "", "What happens next")).toEqual(shown);
    const page = await pageHtml(paths.bookAppointment);
    expect(htmlSteps(page, copy.whatToExpect.title).map(pageText)).toEqual(
      copy.whatToExpect.steps.map((step, index) => `${index + 1}. ${step.title} ${step.text}`),
    );
  });

  it("escapes markup in the HTML part and keeps it as written in the plain-text part", async () => {
    const hostile = `<b>bold</b> & "quotes" 'too'`;
    const copy = await publishedCopy("thank-you-website-design");
    copy.nextTitle = `Next <i>steps</i> & more`;
    copy.nextSteps = [hostile, "<script>alert(1)</script>"];
    await publish("thank-you-website-design", copy);

    const ack = await send("websiteDesign", "hostile@design.test");
    expect(textSteps(ack.text, "Next <i>steps</i> & more:")).toEqual(copy.nextSteps);
    const html = ack.html ?? "";
    expect(html).toContain("Next &lt;i&gt;steps&lt;/i&gt; &amp; more");
    expect(htmlSteps(html, "Next &lt;i&gt;steps")).toEqual([
      "&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot; &#39;too&#39;",
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    ]);
    expect(html).not.toContain("<b>bold");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<i>steps");
  });

  it("keeps the words a message was queued with when the copy changes before it is sent", async () => {
    const copy = await publishedCopy("thank-you-website-design");
    copy.nextTitle = "What happens next";
    copy.nextSteps = ["The words when the request arrived."];
    await publish("thank-you-website-design", copy);
    await submit("websiteDesign", "queued@design.test");

    copy.nextSteps = ["The words of a later edit."];
    await publish("thank-you-website-design", copy);
    const ack = await acknowledgmentTo("queued@design.test");
    expect(textSteps(ack.text, "What happens next:")).toEqual(["The words when the request arrived."]);
    expect(ack.html).not.toContain("a later edit");
    expect(htmlSteps(await pageHtml(paths.thankYouWebsiteDesign), "What happens next").map(pageText)).toEqual(
      ["The words of a later edit."],
    );
  });
});

describe("reading the copy", () => {
  /**
   * The site's database as the copy reader sees it, counting each statement that names
   * `table`, and failing every statement while `down` (database trouble).
   */
  function watchedDb(table: string) {
    const state = { count: 0, down: false };
    const plugin: KyselyPlugin = {
      transformQuery({ node }) {
        if (state.down) throw new Error("database unavailable");
        if (JSON.stringify(node).includes(`"name":"${table}"`)) state.count++;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    return { db: site.db.withPlugin(plugin), state };
  }

  /** The lead service on the site's database, its acknowledgments' copy read through `copyDb`. */
  const leadsReadingFrom = (copyDb: Kysely<Database>, db: Kysely<Database> = site.db) =>
    createLeadService({
      db,
      config: site.config,
      logger: createLogger("silent"),
      tokens: testFormTokens,
      clientAddressKey: testClientAddressKey,
      now: () => clock,
      pageCopy: createPageCopySource(copyDb),
    });

  it("reads a page's copy once per content revision, not once per e-mail", async () => {
    const watched = watchedDb("page_copy");
    const leads = leadsReadingFrom(watched.db, watched.db);
    for (const email of ["one@count.test", "two@count.test", "three@count.test"]) {
      expect((await leads.submitWebsiteDesign(submission("websiteDesign", email))).ok).toBe(true);
    }
    expect(watched.state.count).toBe(1);
    await publish("thank-you-website-design", await publishedCopy("thank-you-website-design"));
    expect((await leads.submitWebsiteDesign(submission("websiteDesign", "four@count.test"))).ok).toBe(true);
    expect(watched.state.count).toBe(2);
    expect(await site.outbox.drain()).toMatchObject({ sent: 8, failed: 0 });
    sink.messages.length = 0;
  });

  it("sends the copy last read, else the shipped copy, when the database cannot give it", async () => {
    const copy = await publishedCopy("thank-you-web-app");
    copy.nextSteps = ["Edited before the outage."];
    await publish("thank-you-web-app", copy);
    const watched = watchedDb("page_copy");
    const leads = leadsReadingFrom(watched.db);
    expect((await leads.submitWebApp(submission("webApp", "before@outage.test"))).ok).toBe(true);
    expect(textSteps((await acknowledgmentTo("before@outage.test")).text, "What happens next:")).toEqual(
      copy.nextSteps,
    );

    watched.state.down = true;
    expect((await leads.submitWebApp(submission("webApp", "during@outage.test"))).ok).toBe(true);
    expect(textSteps((await acknowledgmentTo("during@outage.test")).text, "What happens next:")).toEqual(
      copy.nextSteps,
    );

    // A reader that never read the copy before the trouble: the shipped words, and the lead is kept.
    const fresh = leadsReadingFrom(watched.db);
    expect((await fresh.submitWebApp(submission("webApp", "fresh@outage.test"))).ok).toBe(true);
    const ack = await acknowledgmentTo("fresh@outage.test");
    expect(textSteps(ack.text, "What happens next:")).toEqual(thankYouWebAppCopy.nextSteps);
    expect(htmlSteps(ack.html ?? "", "What happens next")).toEqual(thankYouWebAppCopy.nextSteps);
    const stored = await site.db
      .selectFrom("web_app_leads")
      .select("work_email")
      .where("work_email", "=", "fresh@outage.test")
      .execute();
    expect(stored).toHaveLength(1);
  });
});

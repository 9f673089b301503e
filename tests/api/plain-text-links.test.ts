import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueAccountNotice } from "#server/auth/account-notices.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import { agencyNotificationKinds } from "#server/mail/agency-notification-message.ts";
import { OPERATIONS_ALERT, type OperationsAlert } from "#server/mail/alert-message.ts";
import { ACKNOWLEDGMENT } from "#server/mail/acknowledgment-message.ts";
import { APPOINTMENT_UPDATE } from "#server/mail/appointment-update-message.ts";
import { APPOINTMENT_REMINDER } from "#server/mail/appointment-reminder-message.ts";
import { queueAppointmentReminders } from "#server/operations/meetings/visitor-reminders.ts";
import { STAFF_ACCOUNT_NOTICE } from "#server/mail/account-notice-message.ts";
import { STAFF_INVITATION } from "#server/mail/invitation-message.ts";
import { NEWSLETTER_CONFIRMATION } from "#server/mail/newsletter-confirmation-message.ts";
import { FOLLOW_UP_REMINDER } from "#server/mail/reminder-message.ts";
import { STAFF_CHANGE_NOTICE } from "#server/mail/staff-change-message.ts";
import { WEEKLY_REPORT } from "#server/mail/weekly-report-message.ts";
import type { OutboxKind } from "#server/mail/outbox-messages.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/support/smtp-sink.ts";
import {
  appointment,
  endpoints,
  newsletterSignup,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Every kind of e-mail the site sends keeps each link of its plain-text part whole on one
 * line, as it travels: read from the message's source (a `.eml` file, a client's "show
 * source", SMTP) each link is the one its HTML part links to, not two halves joined by a
 * soft line break. The site's address is long, so every link is longer than the 76
 * characters at which quoted-printable would break it.
 */

const SITE_URL = "https://www.kloof-digital-web-and-mobile-software-agency.co.za";

/** Every outbox kind: adding one without sending it here fails the count below. */
const everyKind: Record<OutboxKind, true> = {
  ...(Object.fromEntries(Object.keys(agencyNotificationKinds).map((kind) => [kind, true])) as Record<
    keyof typeof agencyNotificationKinds,
    true
  >),
  [NEWSLETTER_CONFIRMATION]: true,
  [ACKNOWLEDGMENT]: true,
  [APPOINTMENT_UPDATE]: true,
  [APPOINTMENT_REMINDER]: true,
  [FOLLOW_UP_REMINDER]: true,
  [OPERATIONS_ALERT]: true,
  [STAFF_INVITATION]: true,
  [STAFF_ACCOUNT_NOTICE]: true,
  [STAFF_CHANGE_NOTICE]: true,
  [WEEKLY_REPORT]: true,
};

let site: TestApp;
let sink: SmtpSink;
let sent: ReceivedMail[] = [];
let kinds: string[] = [];

/** The text/plain part exactly as the message carries it, before any transfer decoding. */
function rawTextPart(raw: string): { encoding: string; body: string } {
  const start = /^Content-Type: text\/plain[^\n]*\r?\n((?:[^\r\n]+\r?\n)*)\r?\n/im.exec(raw);
  if (!start) throw new Error("no text/plain part");
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(start[1] ?? "")?.[1] ?? "7bit";
  const from = start.index + start[0].length;
  // The line break before a boundary belongs to the boundary (RFC 2046).
  const end = /\r?\n--/.exec(raw.slice(from));
  return { encoding, body: raw.slice(from, end ? from + end.index : undefined) };
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);

const hrefsIn = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));

beforeAll(async () => {
  sink = await startSmtpSink();
  const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
  site = await createTestApp(
    {
      SMTP_URL: sink.url,
      SITE_URL,
      ACKNOWLEDGE_SUBMISSIONS: "true",
      FORM_MIN_FILL_SECONDS: "0",
      ALERT_EMAIL: "ops@agency.test",
    },
    { outbox: { autoStart: false }, followUp: { autoStart: false, now: () => later } },
  );
  const post = (url: string, body: object) => request(site.app).post(url).send(body).expect(201);
  await post(endpoints.websiteDesign, websiteDesignLead());
  await post(endpoints.webApp, webAppLead({ workEmail: "sipho@fleetco.example" }));
  await post(endpoints.appointments, appointment(new Date(), { email: "thandi@nkosi.example" }));
  await post(endpoints.newsletter, newsletterSignup("reader@example.com"));
  expect((await cli(site, "appointments", "confirm", "1")).code).toBe(0);
  const { scheduled_start } = await site.db
    .selectFrom("appointment_requests")
    .select("scheduled_start")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  const dayBefore = new Date(Date.parse(scheduled_start ?? "") - 23 * 3_600_000);
  expect(await queueAppointmentReminders(site, dayBefore)).toBe(1);
  // Queued at that later hour: due now, so this drain sends it.
  await site.db
    .updateTable("outbox")
    .set({ next_attempt_at: new Date().toISOString() })
    .where("kind", "=", APPOINTMENT_REMINDER)
    .execute();
  expect((await cli(site, "users", "invite", "new.member@agency.test", "--role", "sales")).code).toBe(0);
  // An admin invited: every active admin is told (decision 048).
  await addStaff(site.db, "admin@agency.test", "admin");
  expect((await cli(site, "users", "invite", "new.admin@agency.test", "--role", "admin")).code).toBe(0);
  expect(await site.followUp.runOnce()).toBeGreaterThan(0);
  expect((await cli(site, "insights", "report", "--send")).code).toBe(0);
  const now = new Date();
  await queueAccountNotice(
    site.db,
    {
      client: { ip: "203.0.113.9", userAgent: "Mozilla/5.0" },
      email: "member@agency.test",
      change: "new-browser-sign-in",
      siteUrl: SITE_URL,
    },
    now,
  );
  const alert: OperationsAlert = {
    messageId: `<alert@${new URL(SITE_URL).hostname}>`,
    to: "ops@agency.test",
    condition: "dead-mail",
    openedAt: now.toISOString(),
    pending: 0,
    dead: 1,
    oldestPendingAgeSeconds: null,
    thresholdMinutes: 30,
    newestDead: { id: 1, kind: "website-design-lead", error: "550 mailbox unavailable" },
  };
  await enqueueOutboxMessage(site.db, { kind: OPERATIONS_ALERT, payload: alert, now });

  kinds = [...new Set((await site.db.selectFrom("outbox").select("kind").execute()).map((row) => row.kind))];
  const drained = await site.outbox.drain();
  expect(drained.failed).toBe(0);
  sent = await sink.waitForMessages(drained.sent);
});
afterAll(async () => {
  await site.cleanup();
  await sink.close();
});

describe("links in the plain-text part", () => {
  it("are sent for every kind of e-mail", () => {
    expect(kinds.sort()).toEqual(Object.keys(everyKind).sort());
    expect(sent.length).toBeGreaterThanOrEqual(kinds.length);
  });

  it("are whole on one line in the message's source, each the link of its HTML part", () => {
    const checked: string[] = [];
    for (const mail of sent) {
      const { encoding, body } = rawTextPart(mail.raw);
      // Sent as written: what the source shows is what a reader reads.
      expect(encoding, mail.subject).toMatch(/^(7bit|8bit)$/);
      expect(body.replace(/\r\n/g, "\n"), mail.subject).toBe(mail.text.replace(/\r\n/g, "\n"));
      const hrefs = hrefsIn(mail.html);
      for (const link of linksIn(body)) {
        expect(hrefs, `${mail.subject}: ${link}`).toContain(link);
        checked.push(link);
      }
    }
    // The invitation's, the leads' pages, the newsletter's confirmation: all past 76 characters.
    expect(checked.filter((link) => link.length > 76).length).toBeGreaterThanOrEqual(4);
  });
});

import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "#server/db/leads.ts";
import { insertSubscriber } from "#server/db/newsletter.ts";
import type { OutboxStatus, SuspectedSpam } from "#server/db/schema.ts";
import { createLogger } from "#server/platform/logger.ts";
import { SESSION_IDLE_MS } from "#server/auth/sessions.ts";
import { listRevisions, recordRevision, revisionRetention } from "#server/db/history.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { createTestApp, loadServerBuild, type TestApp } from "#tests/support/test-app.ts";

/**
 * Retention (docs/decisions/025-retention.md): leads and appointment requests are kept
 * RETENTION_MONTHS, suspected spam 30 days, sent e-mails 90 days. Rows a minute either
 * side of each limit show the sweep deletes exactly what is past due. Both engines.
 */

/** Today, so the CLI (on the real clock) and the server's sweep (on this one) agree within the minute. */
const now = new Date();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** RETENTION_MONTHS=6: the same day and time six calendar months earlier. */
const leadLimit = Date.UTC(
  now.getUTCFullYear(),
  now.getUTCMonth() - 6,
  now.getUTCDate(),
  now.getUTCHours(),
  now.getUTCMinutes(),
  now.getUTCSeconds(),
  now.getUTCMilliseconds(),
);
const at = (ms: number) => new Date(ms).toISOString();
const justPast = (limit: number) => at(limit - MINUTE);
const justWithin = (limit: number) => at(limit + MINUTE);

let site: TestApp;
/** Names of the rows expected to survive the sweep, and to go. */
const kept: string[] = [];
const gone: string[] = [];

async function addLead(name: string, createdAt: string, fate: "kept" | "gone", spam?: SuspectedSpam) {
  (fate === "kept" ? kept : gone).push(name);
  const common = {
    full_name: name,
    company_name: "Acme",
    created_at: createdAt,
    suspected_spam: spam ?? null,
  };
  return insertWebAppLead(site.db, {
    ...common,
    work_email: `${name}@example.org`,
    phone_number: null,
    industry: null,
    company_size: null,
  });
}

async function addOutbox(name: string, status: OutboxStatus, createdAt: string, sentAt: string | null) {
  const row = await site.db
    .insertInto("outbox")
    .values({
      kind: "web-app-lead",
      payload: JSON.stringify({ visitorName: name }),
      status,
      attempts: status === "pending" ? 0 : 1,
      next_attempt_at: createdAt,
      lease_owner: null,
      last_error: status === "dead" ? "550 no such user" : null,
      created_at: createdAt,
      sent_at: sentAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The file the file transport would have written for it.
  mkdirSync(site.config.mail.outboxDir, { recursive: true });
  writeFileSync(path.join(site.config.mail.outboxDir, `outbox-${row.id}-web-app-lead.eml`), `To: ${name}\n`);
  return row.id;
}

const names = async () => {
  const rows = [
    ...(await site.db.selectFrom("web_app_leads").select("full_name as name").execute()),
    ...(await site.db.selectFrom("website_design_leads").select("full_name as name").execute()),
    ...(await site.db.selectFrom("appointment_requests").select("name").execute()),
    ...(await site.db.selectFrom("newsletter_subscribers").select("email as name").execute()),
    ...(await site.db
      .selectFrom("outbox")
      .select("payload")
      .execute()
      .then((r) =>
        r.map((row) => ({ name: (JSON.parse(row.payload) as { visitorName: string }).visitorName })),
      )),
  ];
  return rows.map((row) => row.name).sort();
};

const mailFile = (id: number) => path.join(site.config.mail.outboxDir, `outbox-${id}-web-app-lead.eml`);
let sentOldId = 0;
let sentRecentId = 0;
let deadOldId = 0;

beforeAll(async () => {
  site = await createTestApp(
    { RETENTION_MONTHS: "6" },
    { outbox: { autoStart: false }, followUp: { autoStart: false }, retention: { now: () => now } },
  );
  // Leads: six calendar months, a minute either side.
  await addLead("lead-past", justPast(leadLimit), "gone");
  const keptLead = await addLead("lead-within", justWithin(leadLimit), "kept");
  const oldLead = await insertWebsiteDesignLead(site.db, {
    full_name: "design-past",
    company_name: "Acme",
    business_email: "design-past@example.org",
    website_type: null,
    budget: null,
    timeline: null,
    created_at: justPast(leadLimit),
  });
  gone.push("design-past");
  for (const [name, createdAt, fate] of [
    ["visit-past", justPast(leadLimit), "gone"],
    ["visit-within", justWithin(leadLimit), "kept"],
  ] as const) {
    (fate === "kept" ? kept : gone).push(name);
    await insertAppointmentRequest(site.db, {
      name,
      email: `${name}@example.org`,
      phone: "+27 21 555 0100",
      company: null,
      service_type: "Website design",
      preferred_date: "2026-01-10",
      preferred_time: "10:00",
      project_details: "A new site",
      created_at: createdAt,
    });
  }
  // Suspected spam and leads staff marked spam: 30 days.
  const spamLimit = now.getTime() - 30 * DAY;
  await addLead("trap-past", justPast(spamLimit), "gone", "honeypot");
  await addLead("trap-within", justWithin(spamLimit), "kept", "too-fast");
  const marked = await addLead("marked-past", justPast(spamLimit), "gone");
  await site.db.updateTable("web_app_leads").set({ status: "spam" }).where("id", "=", marked).execute();
  for (const [email, spam, fate] of [
    ["held-past@example.org", "honeypot", "gone"],
    ["confirmed-past@example.org", null, "kept"],
  ] as const) {
    (fate === "kept" ? kept : gone).push(email);
    await insertSubscriber(site.db, {
      email,
      status: spam ? "pending" : "confirmed",
      confirm_token: `c-${email}`,
      unsubscribe_token: `u-${email}`,
      consent_text: "Yes, send me news.",
      consented_at: justPast(spamLimit),
      confirmed_at: spam ? null : justPast(spamLimit),
      unsubscribed_at: null,
      suspected_spam: spam,
      created_at: justPast(spamLimit),
    });
  }
  // History of the leads: it goes with its lead.
  for (const [table, id] of [
    ["web_app_leads", keptLead],
    ["website_design_leads", oldLead],
  ] as const) {
    await site.db
      .insertInto("lead_status_changes")
      .values({
        lead_table: table,
        lead_row_id: id,
        status: "contacted",
        note: null,
        changed_by: "Staff",
        changed_at: at(now.getTime() - DAY),
      })
      .execute();
  }
  // Sent e-mails: 90 days from sending. Dead ones stay for a person to look at.
  const sentLimit = now.getTime() - 90 * DAY;
  sentOldId = await addOutbox("sent-past", "sent", justPast(sentLimit), justPast(sentLimit));
  gone.push("sent-past");
  sentRecentId = await addOutbox("sent-within", "sent", justPast(sentLimit), justWithin(sentLimit));
  kept.push("sent-within");
  await addOutbox("dead-recent", "dead", justPast(sentLimit), null);
  kept.push("dead-recent");
  // Anything about a lead past retention goes, whatever became of it.
  deadOldId = await addOutbox("dead-past", "dead", justPast(leadLimit), null);
  gone.push("dead-past");
  // The audit log names leads and IPs: kept as long as the leads.
  for (const [target, when] of [
    ["audit-past", justPast(leadLimit)],
    ["audit-within", justWithin(leadLimit)],
  ] as const) {
    await site.db
      .insertInto("audit_log")
      .values({ at: when, actor: "sales@agency.test", ip: "203.0.113.9", action: "lead.status", target })
      .execute();
  }
  // Revisions of a news post: the newest 50 and all of the last 30 days stay, so of 52
  // saved 31 days ago the two oldest go, and a page's lone old revision stays.
  for (let n = 0; n < revisionRetention.newest + 2; n += 1) {
    await recordRevision(
      site.db,
      { target: "news/retention-sweep", document: { title: `Save ${n}` }, actor: "editor@agency.test" },
      new Date(now.getTime() - (revisionRetention.days + 1) * DAY),
    );
  }
  await recordRevision(
    site.db,
    { target: "page:home", document: { headline: "Old" }, actor: "cli:root" },
    new Date(now.getTime() - 400 * DAY),
  );
  // Staff sessions go once they have ended, by either expiry.
  const staffId = await addStaff(site.db, "sales@agency.test", "sales");
  for (const [token, lastSeen, expires] of [
    ["idle", now.getTime() - SESSION_IDLE_MS - 1000, now.getTime() + DAY],
    ["expired", now.getTime() - 1000, now.getTime() - 1000],
    ["live", now.getTime() - 1000, now.getTime() + DAY],
  ] as const) {
    await site.db
      .insertInto("staff_sessions")
      .values({
        token_hash: token,
        user_id: staffId,
        csrf_token: token,
        created_at: at(now.getTime() - 2 * DAY),
        last_seen_at: at(lastSeen),
        expires_at: at(expires),
        ip: "203.0.113.9",
      })
      .execute();
  }
});
afterAll(async () => {
  await site.cleanup();
});

const pastDue = {
  website_design_leads: 1,
  web_app_leads: 3,
  appointment_requests: 1,
  newsletter_subscribers: 1,
  lead_status_changes: 1,
  outbox: 2,
  audit_log: 1,
  staff_sessions: 2,
  revisions: 2,
  mailFiles: 2,
};

describe("privacy sweep --dry-run", () => {
  it("counts exactly what is past due and changes nothing", async () => {
    const before = await names();
    const run = await cli(site, "privacy", "sweep", "--dry-run", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ dryRun: true, ...pastDue });
    const table = await cli(site, "privacy", "sweep", "--dry-run");
    expect(table.stdout).toContain(
      "Kept: leads and appointment requests 6 months, suspected spam 30 days, sent e-mails 90 days.",
    );
    expect(table.stdout).toMatch(/^web-app leads +3$/m);
    expect(table.stdout).toContain("Would delete 14 rows and 2 mail files; nothing changed.");
    expect(await names()).toEqual(before);
    expect(existsSync(mailFile(sentOldId))).toBe(true);
  });
});

describe("the retention sweep", () => {
  it("deletes exactly the rows past their limit, their history and their mail files", async () => {
    expect(await site.retention.runOnce()).toEqual(pastDue);
    expect(await names()).toEqual([...kept].sort());
    for (const name of gone) expect(await names()).not.toContain(name);
    expect(existsSync(mailFile(sentOldId))).toBe(false);
    expect(existsSync(mailFile(deadOldId))).toBe(false);
    expect(existsSync(mailFile(sentRecentId))).toBe(true);
    const history = await site.db.selectFrom("lead_status_changes").select("lead_table").execute();
    expect(history).toEqual([{ lead_table: "web_app_leads" }]);
    expect(await site.db.selectFrom("audit_log").select("target").execute()).toEqual([
      { target: "audit-within" },
    ]);
    expect(await site.db.selectFrom("staff_sessions").select("token_hash").execute()).toEqual([
      { token_hash: "live" },
    ]);
    const revisions = await listRevisions(site.db, "news/retention-sweep");
    expect(revisions).toHaveLength(revisionRetention.newest);
    expect(revisions.at(-1)?.document).toEqual({ title: "Save 2" });
    expect(await listRevisions(site.db, "page:home")).toHaveLength(1);
  });

  it("finds nothing more on a second run", async () => {
    expect(await site.retention.runOnce()).toEqual({
      website_design_leads: 0,
      web_app_leads: 0,
      appointment_requests: 0,
      newsletter_subscribers: 0,
      lead_status_changes: 0,
      outbox: 0,
      audit_log: 0,
      staff_sessions: 0,
      revisions: 0,
      mailFiles: 0,
    });
  });

  it("runs on one instance at a time: another on the same database waits for the lease", async () => {
    const other = await createApp({
      config: site.config,
      logger: createLogger("silent"),
      build: await loadServerBuild(),
      outbox: { autoStart: false },
      followUp: { autoStart: false },
      retention: { autoStart: false, now: () => now },
    });
    try {
      expect(await other.retention.runOnce()).toBeUndefined();
      // Given up at shutdown, the lease passes on at once.
      await site.retention.stop();
      expect(await other.retention.runOnce()).toMatchObject({ web_app_leads: 0 });
    } finally {
      await other.close();
    }
  });
});

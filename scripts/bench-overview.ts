/**
 * The workspace overview's answer time with 10,000 leads: a fresh database (SQLite, or
 * PostgreSQL with --postgres) seeded across the three forms over two years as a working
 * agency's would be (most answered and read, the last days' new and unread, some overdue,
 * meetings confirmed), then GET /admin/api/overview as an admin, timed over --runs
 * requests after a warm-up. Prints figures only; they depend on the machine.
 *   npm run build && npm run bench:overview [-- --runs 50 --leads 10000 --postgres --all-new --without-0020]
 */
import { parseArgs } from "node:util";
import { formatPercentiles, timeWorkspaceGet, withBenchSite } from "#scripts/lib/workspace-bench.ts";
import type { Insertable } from "kysely";
import type { Db } from "#server/db/database.ts";
import { toDbBoolean } from "#server/db/dialect.ts";
import type { Database, LeadStatus } from "#server/db/schema.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    leads: { type: "string", default: "10000" },
    postgres: { type: "boolean", default: false },
    // Nobody answered anything: every lead new and unread, the most the counts can read.
    "all-new": { type: "boolean", default: false },
    // Migration 0020's indexes dropped again, to see what they are worth.
    "without-0020": { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const leads = Number(args.leads);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs wants a whole number from 1, not "${args.runs}"`);
if (!Number.isInteger(leads) || leads < 3)
  throw new Error(`--leads wants a whole number from 3, not "${args.leads}"`);

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const SPAN_DAYS = 730;

/** Lead n of `count`, spread evenly over the two years up to now, newest last. */
function arrival(n: number, count: number): { at: Date; ageDays: number } {
  const ageDays = ((count - n) / count) * SPAN_DAYS;
  return { at: new Date(now - ageDays * DAY), ageDays };
}

/** Where a lead of this age is: the last two days' still new and unread, older ones mostly answered. */
function followUp(n: number, ageDays: number): { status: LeadStatus; read: boolean } {
  if (args["all-new"] || ageDays < 2) return { status: "new", read: n % 3 === 0 };
  // About one in a hundred older leads was never answered: the overdue count.
  if (n % 97 === 0) return { status: "new", read: false };
  const answered: LeadStatus[] = ["contacted", "qualified", "won", "lost", "contacted"];
  return { status: answered[n % answered.length] ?? "contacted", read: true };
}

async function seed(db: Db): Promise<void> {
  // The first forms take the remainder: 10,000 is 3,334 + 3,333 + 3,333.
  const perForm = [0, 1, 2].map((form) => Math.floor(leads / 3) + (form < leads % 3 ? 1 : 0));
  let form = 0;
  const chunk = 400;
  const rows = <T>(make: (n: number) => T) => {
    const count = perForm[form++] ?? 0;
    return Array.from({ length: count }, (_, n) => make(n));
  };
  const common = (n: number) => {
    const { at, ageDays } = arrival(n, perForm[form - 1] ?? 1);
    const { status, read } = followUp(n, ageDays);
    return {
      created_at: at.toISOString(),
      suspected_spam: null,
      status,
      read: toDbBoolean(read),
      reminded_at: ageDays > 1 ? at.toISOString() : null,
    };
  };
  const insert = async <T extends "website_design_leads" | "web_app_leads" | "appointment_requests">(
    table: T,
    all: Insertable<Database[T]>[],
  ) => {
    for (let start = 0; start < all.length; start += chunk) {
      // Each table's own rows, typed by the table named.
      await db
        .insertInto(table)
        .values(all.slice(start, start + chunk) as never)
        .execute();
    }
  };
  await insert(
    "website_design_leads",
    rows((n) => ({
      ...common(n),
      full_name: `Visitor ${n}`,
      company_name: "Bench Co",
      business_email: `wd-${n}@example.com`,
      website_type: "redesign",
      budget: "30k-60k",
      timeline: "not-sure",
    })),
  );
  await insert(
    "web_app_leads",
    rows((n) => ({
      ...common(n),
      full_name: `Visitor ${n}`,
      work_email: `wa-${n}@example.com`,
      phone_number: "+27215550123",
      company_name: "Bench Co",
      industry: "Retail",
      company_size: "11-50",
    })),
  );
  await insert(
    "appointment_requests",
    rows((n) => {
      const row = common(n);
      // Every fifth request became a meeting, an hour or so after it arrived plus three days.
      const meeting = n % 5 === 0;
      return {
        ...row,
        name: `Visitor ${n}`,
        email: `ap-${n}@example.com`,
        phone: "+27215550123",
        company: "Bench Co",
        service_type: "ui-ux",
        preferred_date: row.created_at.slice(0, 10),
        preferred_time: "10:00 AM",
        project_details: "A booking portal for our consulting clients.",
        schedule_status: meeting ? ("confirmed" as const) : null,
        scheduled_start: meeting ? new Date(Date.parse(row.created_at) + 3 * DAY).toISOString() : null,
        scheduled_minutes: meeting ? 45 : null,
      };
    }),
  );
}

await withBenchSite("overview", { postgres: args.postgres }, async (site) => {
  const seeding = performance.now();
  await seed(site.db);
  const seeded = (performance.now() - seeding) / 1000;
  if (args["without-0020"]) {
    for (const index of [
      "website_design_leads_read_created_at",
      "web_app_leads_read_created_at",
      "website_design_leads_created_at",
      "web_app_leads_created_at",
      "appointment_requests_created_at",
      "appointment_requests_scheduled",
    ]) {
      await site.db.schema.dropIndex(index).execute();
    }
  }
  const timed = await timeWorkspaceGet(site, "/admin/api/overview", runs);
  const engine = [
    args.postgres ? "PostgreSQL" : "SQLite",
    ...(args["all-new"] ? ["every lead new and unread"] : []),
    ...(args["without-0020"] ? ["without migration 0020's indexes"] : []),
  ].join(", ");
  console.log(
    `GET /admin/api/overview as an admin, ${engine}, ${leads} leads (seeded in ${seeded.toFixed(1)} s), ${runs} runs; Node.js ${process.version}`,
  );
  const counts = (timed.last as { leads?: { newLeads: number; unread: number; overdue: number } }).leads;
  console.log(
    `counts: ${JSON.stringify({ newLeads: counts?.newLeads, unread: counts?.unread, overdue: counts?.overdue })}`,
  );
  console.log(formatPercentiles(timed));
});

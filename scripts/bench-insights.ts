/**
 * The insights dashboard's answer time (docs/decisions/058-one-name-per-source.md): a
 * fresh database (SQLite, or PostgreSQL with --postgres) seeded with a year of hourly
 * page-view counts at the counter's bounded size (each day its ROW_CAP combinations of
 * page, referring site, source, medium, campaign and device, from as many distinct values
 * as the caps allow, plus a folded "(other)" row an hour) and --leads leads over the same
 * year, then GET /admin/api/insights (the default 30 days, and --query if given) as an
 * admin, timed over --runs requests after a warm-up. Prints figures only; they depend on
 * the machine.
 *   npm run build && npm run bench:insights [-- --runs 50 --leads 10000 --postgres --query "days=90&source=Google"]
 */
import { parseArgs } from "node:util";
import { formatPercentiles, timeWorkspaceGet, withBenchSite } from "#scripts/lib/workspace-bench.ts";
import type { Db } from "#server/db/database.ts";
import { toDbBoolean } from "#server/db/dialect.ts";
import type { CountRow } from "#server/db/page-view-counts.ts";
import { ROW_CAP, dimensionCaps } from "#server/operations/insights/page-view-caps.ts";
import { OTHER_LABEL } from "#shared/insights.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    leads: { type: "string", default: "10000" },
    days: { type: "string", default: "365" },
    postgres: { type: "boolean", default: false },
    query: { type: "string", default: "" },
  },
});
const runs = Number(args.runs);
const leads = Number(args.leads);
const days = Number(args.days);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs wants a whole number from 1, not "${args.runs}"`);
if (!Number.isInteger(leads) || leads < 0)
  throw new Error(`--leads wants a whole number, not "${args.leads}"`);
if (!Number.isInteger(days) || days < 1)
  throw new Error(`--days wants a whole number from 1, not "${args.days}"`);

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const hosts = [
  "www.google.com",
  "google.com",
  "www.google.co.za",
  "l.facebook.com",
  "m.facebook.com",
  "lnkd.in",
];
const sources = ["google", "fb", "linkedin", "newsletter", "partner"];
const devices = ["phone", "tablet", "desktop"];

/** Value n of a dimension: a few names people know, the rest distinct, up to the day's cap. */
const valueOf = (dimension: keyof typeof dimensionCaps, n: number): string => {
  const index = n % dimensionCaps[dimension];
  if (dimension === "referrer_host") return hosts[index] ?? `site-${index}.example`;
  if (dimension === "utm_source") return sources[index] ?? `source-${index}`;
  if (dimension === "path") return index === 0 ? "/" : `/page-${index}`;
  return `${dimension.replace("utm_", "")}-${index}`;
};

async function seedCounts(db: Db): Promise<number> {
  let stored = 0;
  const chunk = 400;
  for (let day = 0; day < days; day++) {
    const date = new Date(now - day * DAY).toISOString().slice(0, 10);
    const rows: CountRow[] = [];
    for (let n = 0; n < ROW_CAP; n++) {
      // Spread over the hours; every combination distinct within the day, as the cap allows at most.
      const campaignRow = n % 3 === 0;
      rows.push({
        // Blocks of 34 rows an hour, each row its own page within its hour: no two keys alike.
        hour: `${date}T${String(Math.floor(n / 34) % 24).padStart(2, "0")}`,
        path: valueOf("path", n),
        referrer_host: campaignRow ? "" : valueOf("referrer_host", n + day),
        utm_source: campaignRow ? valueOf("utm_source", n + day) : "",
        utm_medium: campaignRow ? valueOf("utm_medium", n) : "",
        utm_campaign: campaignRow ? valueOf("utm_campaign", n + day) : "",
        click_id_kind: "",
        device: devices[n % 3] ?? "desktop",
        views: 1 + (n % 9),
        visits: 1 + (n % 4),
      });
    }
    for (let hour = 0; hour < 24; hour++) {
      rows.push({
        hour: `${date}T${String(hour).padStart(2, "0")}`,
        path: OTHER_LABEL,
        referrer_host: OTHER_LABEL,
        utm_source: OTHER_LABEL,
        utm_medium: OTHER_LABEL,
        utm_campaign: OTHER_LABEL,
        click_id_kind: "",
        device: "phone",
        views: 5,
        visits: 2,
      });
    }
    for (let start = 0; start < rows.length; start += chunk) {
      await db
        .insertInto("page_view_counts")
        .values(rows.slice(start, start + chunk))
        .execute();
    }
    stored += rows.length;
  }
  return stored;
}

async function seedLeads(db: Db): Promise<void> {
  const chunk = 400;
  const rows = Array.from({ length: leads }, (_, n) => {
    const at = new Date(now - ((leads - n) / leads) * days * DAY).toISOString();
    const campaign = n % 3 === 0;
    return {
      created_at: at,
      suspected_spam: null,
      status: "new" as const,
      read: toDbBoolean(false),
      full_name: `Visitor ${n}`,
      work_email: `wa-${n % 9000}@example.com`,
      phone_number: "+27215550123",
      company_name: "Bench Co",
      industry: "Retail",
      company_size: "11-50",
      source_page: valueOf("path", n),
      landing_page: valueOf("path", n + 1),
      referrer_host: campaign ? null : valueOf("referrer_host", n),
      utm_source: campaign ? valueOf("utm_source", n) : null,
      utm_medium: campaign ? valueOf("utm_medium", n) : null,
      utm_campaign: campaign ? valueOf("utm_campaign", n) : null,
      visit_counted: n % 10 === 0 ? 0 : 1,
    };
  });
  for (let start = 0; start < rows.length; start += chunk) {
    await db
      .insertInto("web_app_leads")
      .values(rows.slice(start, start + chunk))
      .execute();
  }
}

await withBenchSite("insights", { postgres: args.postgres }, async (site) => {
  const seeding = performance.now();
  const countRows = await seedCounts(site.db);
  await seedLeads(site.db);
  const seeded = (performance.now() - seeding) / 1000;
  const address = `/admin/api/insights${args.query ? `?${args.query}` : ""}`;
  const timed = await timeWorkspaceGet(site, address, runs);
  console.log(
    `GET ${address} as an admin, ${args.postgres ? "PostgreSQL" : "SQLite"}, ${countRows} count rows over ${days} days and ${leads} leads (seeded in ${seeded.toFixed(1)} s), ${runs} runs; Node.js ${process.version}`,
  );
  console.log(`summary: ${JSON.stringify((timed.last as { summary?: unknown }).summary)}`);
  console.log(formatPercentiles(timed));
});

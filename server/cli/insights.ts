import { loadInsights } from "#server/operations/insights/insights.ts";
import {
  NOT_COUNTED_LABEL,
  formatChange,
  insightsFilterLabels,
  insightsFilterNames,
  type Insights,
} from "#shared/insights.ts";
import type { CliContext } from "./context";
import { formatTable } from "./format";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";
import type { Command } from "commander";
import type { Run } from "./command-parts";
import { weeklyReportCommand } from "./weekly-report";

/** How many rows of each table the human output shows; --json has them all. */
const ROWS_SHOWN = 10;

function printInsights(ctx: CliContext, insights: Insights): void {
  const { out } = ctx;
  const { period, previous } = insights;
  printLine(
    out,
    `${period.from} to ${period.to} (${period.days} days), against ${previous.from} to ${previous.to}`,
  );
  const chosen = insightsFilterNames.filter((name) => insights.filters[name] !== undefined);
  if (chosen.length > 0) {
    printLine(
      out,
      `Only ${chosen.map((name) => `${insightsFilterLabels[name].toLowerCase()} ${insights.filters[name]}`).join(", ")}`,
    );
  }
  if (insights.note) printLine(out, insights.note);
  printLine(out);
  printLine(
    out,
    formatTable(
      [
        { header: "FIGURE", value: (row: Insights["totals"][number]) => row.label },
        { header: "NOW", value: (row) => `${row.value}${row.unit ? ` ${row.unit}` : ""}` },
        { header: "BEFORE", value: (row) => `${row.previous}${row.unit ? ` ${row.unit}` : ""}` },
        { header: "CHANGE", value: (row) => formatChange(row.change, row.value) },
      ],
      insights.totals,
    ),
  );
  const leads = insights.summary.leads;
  if (leads && leads.notCounted > 0) {
    printLine(
      out,
      `${NOT_COUNTED_LABEL.toLowerCase()}: ${leads.notCounted} of the leads (their visit was not counted; in no rate)`,
    );
  }
  for (const table of insights.tables) {
    if (table.name === "days") continue;
    printLine(out);
    printLine(out, `${table.title}:`);
    if (table.note) {
      printLine(out, `  ${table.note}`);
      continue;
    }
    if (table.rows.length === 0) {
      printLine(out, "  none in this period");
      continue;
    }
    const shown = table.rows.slice(0, ROWS_SHOWN);
    printLine(
      out,
      formatTable(
        table.columns.map((column) => ({
          header: column.label.toUpperCase(),
          value: (row: (typeof shown)[number]) => row[column.key] ?? "–",
        })),
        shown,
      ),
    );
    if (table.rows.length > shown.length)
      printLine(out, `  and ${table.rows.length - shown.length} more (--json has all)`);
  }
}

export type InsightsOptions = {
  days?: string;
  from?: string;
  to?: string;
  source?: string;
  campaign?: string;
  page?: string;
  device?: string;
  json?: boolean;
};

/** `site-admin insights`: the workspace's insights dashboard as text, or as JSON, with the same filters. */
export async function showInsights(ctx: CliContext, options: InsightsOptions): Promise<ExitCode> {
  const { days, from, to, source, campaign, page, device } = options;
  const loaded = await loadInsights(ctx.db, { days, from, to, source, campaign, page, device }, ctx.now());
  if (!loaded.ok) return fail(ctx.out, loaded.message);
  if (options.json) printJson(ctx.out, loaded.value);
  else printInsights(ctx, loaded.value);
  return exitCodes.ok;
}

/** `insights` and `insights report`. */
export function addInsightsCommands(program: Command, run: Run): void {
  const insights = program
    .command("insights")
    .description(
      "visitors, leads and conversion by source and campaign, pages, referring sites and devices, against the period before",
    )
    .option("--days <days>", "the last 7, 30 or 90 days, today included (default 30)")
    .option("--from <YYYY-MM-DD>", "the first day (agency time), instead of --days")
    .option("--to <YYYY-MM-DD>", "the last day, with --from (default today)")
    .option("--source <name>", 'only this source, by its name ("Google", "LinkedIn")')
    .option("--campaign <name>", "only this campaign (its utm_campaign)")
    .option("--page <path>", "only this page (views on it; leads that landed on or were sent from it)")
    .option("--device <device>", "only this device: phone, tablet or desktop (leads record none)")
    .option("--json", "machine-readable output, every row")
    .action((options: InsightsOptions) => run((ctx) => showInsights(ctx, options)));
  insights
    .command("report")
    .description(
      "last week's e-mail to admins (visits, leads, top sources and campaigns), as it would go now",
    )
    .option("--send", "send it now to every admin who gets it, instead of printing it")
    .action((options: { send?: boolean }) => run((ctx) => weeklyReportCommand(ctx, options)));
}

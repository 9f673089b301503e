import { parseLeadStatus } from "#server/operations/leads/follow-up.ts";
import { printMarking, showRecord, type RecordView } from "./inbox-records";
import { leadTypes, parseLeadId, type LeadType } from "#server/operations/leads/lead-ids.ts";
import { companySizeOptions, webAppLeadLabels } from "#shared/forms/web-app-lead.ts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "#shared/forms/website-design-lead.ts";
import { cliActor, type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import { formatTable, withSuspicion, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { parseSince } from "#server/operations/input.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import { leadOrigin } from "#shared/lead-source.ts";
import {
  type LeadRecord,
  loadLeadRecords,
  findLeadRecord,
  markLeadsRead,
} from "#server/operations/leads/stored-leads.ts";
import { Option, type Command } from "commander";
import { sinceHelp, statusOption, suspectedHelp, type Run } from "./command-parts";
import { addStatusCommand, listOverdue } from "./follow-up";
import { assignLeadCommand, assignLeadsCommand } from "./lead-owner";
import { addQuarantineCommands } from "./quarantine";

const listColumns: Column<LeadRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "RECEIVED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "STATUS", value: (r) => r.status },
  { header: "TYPE", value: (r) => r.type },
  { header: "NAME", value: (r) => r.fullName },
  { header: "COMPANY", value: (r) => r.companyName },
  { header: "EMAIL", value: (r) => r.email },
  {
    header: "BUDGET / SIZE",
    value: (r) =>
      r.type === "website-design"
        ? answerLabel(budgetOptions, r.budget)
        : answerLabel(companySizeOptions, r.companySize),
  },
  // The campaign or referring site in a few words; the rest is in `leads show`.
  { header: "SOURCE", value: (r) => leadOrigin(r) ?? "" },
  { header: "OWNER", value: (r) => r.owner ?? "" },
];

function parseLeadType(text: string | undefined): LeadType | undefined | false {
  if (text === undefined) return undefined;
  return (leadTypes as readonly string[]).includes(text) ? (text as LeadType) : false;
}

export async function listLeads(
  { db, out }: CliContext,
  options: {
    type?: string;
    unread?: boolean;
    since?: string;
    suspected?: boolean;
    status?: string;
    json?: boolean;
  },
): Promise<ExitCode> {
  const type = parseLeadType(options.type);
  if (type === false)
    return fail(out, `invalid lead type "${options.type}": expected ${leadTypes.join(" or ")}`);
  const since = parseSince(options.since);
  if (!since.ok) return fail(out, since.message);
  const status = parseLeadStatus(options.status);
  if (!status.ok) return fail(out, status.message);
  const spam = options.suspected ? "only" : "exclude";
  const records = await loadLeadRecords(db, {
    type,
    unreadOnly: options.unread,
    since: since.value,
    spam,
    status: status.value,
  });
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    const which = `${options.unread ? "unread " : ""}${status.value ? `${status.value} ` : ""}`;
    printLine(out, options.suspected ? `No ${which}leads held as suspected spam.` : `No ${which}leads.`);
    return exitCodes.ok;
  }
  printLine(out, formatTable(withSuspicion(listColumns, options.suspected), records));
  printLine(out);
  printLine(out, plural(records.length, options.suspected ? "suspected lead" : "lead"));
  return exitCodes.ok;
}

function leadDetails(record: LeadRecord): [string, string | null][] {
  if (record.type === "website-design") {
    const l = websiteDesignLeadLabels;
    return [
      [l.fullName, record.fullName],
      [l.companyName, record.companyName],
      [l.businessEmail, record.email],
      [l.websiteType, answerLabel(websiteTypeOptions, record.websiteType)],
      [l.budget, answerLabel(budgetOptions, record.budget)],
      [l.timeline, answerLabel(timelineOptions, record.timeline)],
    ];
  }
  const l = webAppLeadLabels;
  return [
    [l.fullName, record.fullName],
    [l.workEmail, record.email],
    [l.phoneNumber, record.phoneNumber],
    [l.companyName, record.companyName],
    [l.industry, record.industry],
    [l.companySize, answerLabel(companySizeOptions, record.companySize)],
  ];
}

const leadView: RecordView<LeadRecord> = {
  heading: (record) => [
    ["Lead", record.id],
    ["Type", record.type],
  ],
  statusOf: (record) => {
    const parsed = parseLeadId(record.id);
    const table = parsed && parsed.type === "web-app" ? "web_app_leads" : "website_design_leads";
    return { table, id: parsed ? parsed.id : 0 };
  },
  details: leadDetails,
};

export async function showLead(
  ctx: CliContext,
  id: string,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  return showRecord(ctx, await findLeadRecord(ctx.db, id), leadView, options);
}

/** `leads read|unread ID...`: doing it twice changes nothing, and says so. */
export async function markLeads(
  { db, out }: CliContext,
  idTexts: readonly string[],
  read: boolean,
): Promise<ExitCode> {
  return printMarking(out, await markLeadsRead(db, idTexts, read, cliActor()), "lead", read);
}

/** `leads …`: both lead forms' submissions. */
export function addLeadCommands(program: Command, run: Run): void {
  const leads = program.command("leads").description("website-design and web-app leads");
  leads
    .command("list")
    .description("list leads of both forms, newest first")
    .addOption(new Option("--type <type>", "only leads of this form").choices(leadTypes))
    .option("--unread", "only unread leads")
    .addOption(statusOption())
    .option("--since <date>", sinceHelp)
    .option("--suspected", suspectedHelp)
    .option("--json", "machine-readable output (ISO timestamps)")
    .action(
      (options: {
        type?: string;
        unread?: boolean;
        status?: string;
        since?: string;
        suspected?: boolean;
        json?: boolean;
      }) => run((ctx) => listLeads(ctx, options)),
    );
  leads
    .command("show")
    .description("show one lead in full")
    .argument("<id>", 'lead id as listed: "wd-12" (website design) or "wa-7" (web app)')
    .option("--json", "machine-readable output")
    .action((id: string, options: { json?: boolean }) => run((ctx) => showLead(ctx, id, options)));
  leads
    .command("read")
    .description("mark leads read")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7")')
    .action((ids: string[]) => run((ctx) => markLeads(ctx, ids, true)));
  leads
    .command("unread")
    .description("mark leads unread")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7")')
    .action((ids: string[]) => run((ctx) => markLeads(ctx, ids, false)));
  addStatusCommand(leads, run, "leads", 'lead id as listed: "wd-12" or "wa-7"');
  leads
    .command("assign")
    .description("assign a lead or appointment request to an active sales or admin account, or to nobody")
    .argument("<id>", 'lead id as listed ("wd-12", "wa-7"), or an appointment request as "ap-3"')
    .argument("[email]", "the staff account's e-mail address")
    .option("--none", "assign it to nobody (as unassign does)")
    .action((id: string, email: string | undefined, options: { none?: boolean }) =>
      run((ctx) => assignLeadCommand(ctx, id, email, options)),
    );
  leads
    .command("unassign")
    .description("assign leads or appointment requests to nobody")
    .argument("<id...>", 'lead ids as listed ("wd-12", "wa-7"), appointment requests as "ap-3"')
    .action((ids: string[]) => run((ctx) => assignLeadsCommand(ctx, ids, null)));
  leads
    .command("overdue")
    .description(
      "leads and appointment requests still new past FOLLOW_UP_REMINDER_HOURS, oldest first (what the reminder lists)",
    )
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listOverdue(ctx, options)));
  addQuarantineCommands(
    leads,
    run,
    "leads",
    'lead ids as listed ("wd-12", "wa-7")',
    "queues the agency's e-mail",
  );
}

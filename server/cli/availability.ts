import type { Command } from "commander";
import type { Run } from "./command-parts";
import {
  freeTimesOfDay,
  readAvailabilityRules,
  ruleNames,
  ruleText,
  setAvailabilityRules,
} from "#server/operations/meetings/availability.ts";
import type { SlotReason } from "#shared/booking-calendar.ts";
import { agencyDateOf } from "#shared/forms/appointment.ts";
import { operationContext, type CliContext } from "./context";
import { formatTable } from "./format";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";

/** Why a time is not free, in words for the table. */
const reasonWords: Record<SlotReason, string> = {
  taken: "taken (a meeting or a held request)",
  full: "the day is full",
  notice: "too soon (minimum notice)",
  hours: "outside working hours",
  closed: "closed",
};

/** `availability --date`: the 7 times of a day, free or why not, and the rules in force. */
export async function showAvailability(
  ctx: CliContext,
  options: { date?: string; json?: boolean },
): Promise<ExitCode> {
  const at = ctx.now();
  const date = options.date ?? agencyDateOf(new Date(at.getTime() + 86_400_000));
  const day = await freeTimesOfDay(ctx, date, at);
  if (!day.ok) return fail(ctx.out, day.message);
  const rules = await readAvailabilityRules(ctx.db);
  if (options.json) {
    printJson(ctx.out, {
      ...day.value,
      free: day.value.slots.filter((slot) => slot.free).map((slot) => slot.time),
      rules: Object.fromEntries(ruleNames.map((name) => [name, ruleText(rules, name)])),
    });
    return exitCodes.ok;
  }
  const free = day.value.slots.filter((slot) => slot.free).map((slot) => slot.time);
  printLine(ctx.out, `${day.value.label}${day.value.closed ? ` (${day.value.closed})` : ""}`);
  printLine(
    ctx.out,
    formatTable(
      [
        { header: "TIME", value: (slot: (typeof day.value.slots)[number]) => slot.time },
        {
          header: "FREE",
          value: (slot) => (slot.free ? "free" : reasonWords[slot.reason ?? "closed"]),
        },
      ],
      day.value.slots,
    ),
  );
  printLine(ctx.out);
  printLine(ctx.out, free.length > 0 ? `Free: ${free.join(", ")}.` : "No free time on this day.");
  if (!day.value.offered)
    printLine(ctx.out, "Visitors cannot choose this date (not one of the next 14 weekdays).");
  printLine(ctx.out, `Instant booking is ${rules.instant ? "on" : "off"}.`);
  return exitCodes.ok;
}

/** `availability rules`: every rule and its value. */
export async function listAvailabilityRules(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
  const rules = await readAvailabilityRules(ctx.db);
  const rows = ruleNames.map((name) => ({ name, value: ruleText(rules, name) }));
  if (options.json) {
    printJson(ctx.out, Object.fromEntries(rows.map((row) => [row.name, row.value])));
    return exitCodes.ok;
  }
  printLine(
    ctx.out,
    formatTable(
      [
        { header: "RULE", value: (row: (typeof rows)[number]) => row.name },
        { header: "VALUE", value: (row) => row.value },
      ],
      rows,
    ),
  );
  return exitCodes.ok;
}

/** `availability set NAME VALUE`: one rule, audited in its transaction. */
export async function setAvailabilityRule(ctx: CliContext, name: string, value: string): Promise<ExitCode> {
  const saved = await setAvailabilityRules(operationContext(ctx), { [name]: value });
  if (!saved.ok) return fail(ctx.out, saved.message);
  const shown = ruleText(saved.value.rules, name as (typeof ruleNames)[number]);
  if (saved.value.changed.length === 0) {
    printLine(ctx.out, `${name} is already ${shown}; nothing changed.`);
    return exitCodes.ok;
  }
  printLine(ctx.out, `Set ${name} to ${shown}; the booking form uses it from its next visitor.`);
  return exitCodes.ok;
}

export function addAvailabilityCommands(program: Command, run: Run): void {
  const availability = program
    .command("availability")
    .description("the booking calendar: the free times of a day, and the rules that make them")
    .option("--date <YYYY-MM-DD>", "the day, Cape Town time (default: tomorrow)")
    .option("--json", "machine-readable output")
    .action((options: { date?: string; json?: boolean }) => run((ctx) => showAvailability(ctx, options)));
  availability
    .command("rules")
    .description("show every rule and its value")
    .option("--json", "machine-readable output")
    // `--json` is the parent's option too: commander gives it to whichever it meets first.
    .action((_options: { json?: boolean }, command: Command) =>
      run((ctx) => listAvailabilityRules(ctx, command.optsWithGlobals<{ json?: boolean }>())),
    );
  availability
    .command("set")
    .description(
      "change one rule: hours.mon … hours.sun (09:00-17:00 or off), days-off (dates, comma separated, or none), holidays (on|off: South Africa's public holidays closed), notice (hours), buffer (minutes), max-per-day, instant (on|off)",
    )
    .argument("<name>", `the rule: ${ruleNames.join(", ")}`)
    .argument("<value>", "its new value")
    .action((name: string, value: string) => run((ctx) => setAvailabilityRule(ctx, name, value)));
}

import type { Command } from "commander";
import type { Run } from "./command-parts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import {
  makeCalendarFeed,
  revokeCalendarFeed,
  showCalendarFeed,
} from "#server/operations/meetings/calendar-feed.ts";
import { operationContext, type CliContext } from "./context";
import { exitCodes, fail, printLine, usageError, type ExitCode } from "./output";

/**
 * `site-admin meetings feed EMAIL`: a member of staff's calendar feed
 * (docs/decisions/063-staff-calendar-feeds.md). Only the token's hash is kept, so an
 * address is printed when it is made: the first time, or with --replace.
 */

export type FeedOptions = { replace?: boolean; revoke?: boolean; all?: boolean; mine?: boolean };

const whose = (scope: "own" | "all") => (scope === "all" ? "every meeting" : "their own meetings");

export async function meetingFeedCommand(
  ctx: CliContext,
  email: string,
  options: FeedOptions,
): Promise<ExitCode> {
  if (options.all && options.mine) return usageError(ctx.out, "choose one of --all and --mine");
  if (options.revoke && (options.replace || options.all || options.mine)) {
    return usageError(ctx.out, "--revoke takes no other option");
  }
  const op = operationContext(ctx);
  if (options.revoke) {
    const revoked = await revokeCalendarFeed(op, { email });
    if (!revoked.ok) return fail(ctx.out, revoked.message);
    printLine(ctx.out, `Revoked the calendar feed of ${revoked.value.email}: its address no longer opens.`);
    return exitCodes.ok;
  }
  const shown = await showCalendarFeed(op.db, { email });
  if (!shown.ok) return fail(ctx.out, shown.message);
  const current = shown.value;
  if (current && !options.replace && (options.all || options.mine)) {
    return fail(
      ctx.out,
      `${email} has a calendar feed already: add --replace to make a new one (the old address stops working)`,
    );
  }
  if (current && !options.replace) {
    printLine(
      ctx.out,
      `${email} has a calendar feed of ${whose(current.scope)}, made ${formatLocalDateTime(current.createdAt)}.`,
    );
    printLine(
      ctx.out,
      "Its address is shown only when it is made. For a new one (the old one stops working): " +
        `site-admin meetings feed ${email} --replace`,
    );
    return exitCodes.ok;
  }
  const scope = options.all ? "all" : options.mine ? "own" : (current?.scope ?? "own");
  const made = await makeCalendarFeed(op, { email }, scope);
  if (!made.ok) return fail(ctx.out, made.message);
  printLine(ctx.out, made.value.url);
  printLine(
    ctx.out,
    `${made.value.replaced ? "Replaced" : "Made"} the calendar feed of ${email}: ${whose(scope)}. ` +
      "Subscribe to the address above in a calendar app; anyone who has it can read the meetings.",
  );
  return exitCodes.ok;
}

/** `meetings feed`, added to the `meetings` command (meetings.ts). */
export function addMeetingFeedCommand(meetings: Command, run: Run): void {
  meetings
    .command("feed")
    .description(
      "a member of staff's private calendar feed address (iCalendar) for Google Calendar, Outlook or Apple Calendar: made on first use, then only with --replace",
    )
    .argument("<email>", "the account's e-mail address (sales or admin)")
    .option("--replace", "a new address; the old one stops working at once")
    .option("--revoke", "stop the feed: its address no longer opens")
    .option("--all", "every meeting, not only theirs (admins only)")
    .option("--mine", "only the meetings they take (the default)")
    .action((email: string, options: FeedOptions) => run((ctx) => meetingFeedCommand(ctx, email, options)));
}

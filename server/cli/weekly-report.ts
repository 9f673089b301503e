import { currentSettingsOf } from "#server/db/site-settings.ts";
import { selectWeeklyReportRecipients } from "#server/db/weekly-report.ts";
import { mailContextOf } from "#server/mail/mail-context.ts";
import { formatWeek, weeklyReportText, weeklyReportWords } from "#server/mail/weekly-report-message.ts";
import {
  reportWeekAt,
  sendWeeklyReports,
  weeklyReportFigures,
} from "#server/operations/insights/weekly-report.ts";
import { loadSiteSettings } from "#server/operations/settings/site-settings.ts";
import { cliActor, type CliContext } from "./context";
import { exitCodes, plural, printLine, type ExitCode } from "./output";

/**
 * `site-admin insights report`: last week's e-mail to admins (docs/decisions/059-weekly-report.md)
 * as it would go out now, with whom it would go to; with --send it is queued at once for
 * every admin who gets it, and this week's scheduled one does not go to them again.
 */
export async function weeklyReportCommand(ctx: CliContext, options: { send?: boolean }): Promise<ExitCode> {
  const at = ctx.now();
  const { out } = ctx;
  if (options.send) {
    const run = await sendWeeklyReports(ctx.db, ctx.config, at, "now", ctx.actor ?? cliActor());
    if (run.sentTo.length === 0) {
      printLine(out, "Nobody gets the weekly e-mail: no active admin has it turned on. Nothing was sent.");
      return exitCodes.ok;
    }
    printLine(
      out,
      `Queued the weekly e-mail for ${formatWeek(run.week)} to ${plural(run.sentTo.length, "admin")}: ${run.sentTo.join(", ")}.`,
    );
    return exitCodes.ok;
  }
  const { from, to } = reportWeekAt(at);
  const figures = await weeklyReportFigures(ctx.db, { from, to }, at);
  const mail = mailContextOf(ctx.config, currentSettingsOf(await loadSiteSettings(ctx), ctx.config.settings));
  const recipients = await selectWeeklyReportRecipients(ctx.db);
  printLine(
    out,
    recipients.length > 0
      ? `To: ${recipients.join(", ")}`
      : "To: nobody (no active admin has the weekly e-mail turned on)",
  );
  printLine(out, `Subject: ${weeklyReportWords(figures, mail).subject}`);
  printLine(out);
  printLine(out, weeklyReportText(figures, mail));
  printLine(out);
  printLine(out, "Nothing was sent: add --send to send it now.");
  return exitCodes.ok;
}

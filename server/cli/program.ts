import { Command, CommanderError } from "commander";
import { addBackupCommand } from "./backup";
import { type CliContext, type CliFileContext, type CliOutput } from "./context";
import { exitCodes, type ExitCode } from "./output";
import { addContentCommands } from "./content-commands";
import { addNewsCategoryCommands } from "./news-categories";
import { addHistoryCommands } from "./history";
import { addSettingsCommands } from "./settings";
import { addAvailabilityCommands } from "./availability";
import { addSnippetCommands } from "./snippets";
import { addPagesCommands } from "./pages-commands";
import { addPreviewCommands } from "./previews";
import { addMeetingsCommands } from "./meetings";
import { addExportCommand } from "./export";
import { addInsightsCommands } from "./insights";
import { addLeadCommands } from "./leads";
import { addNotificationCommands } from "./notifications";
import { addScreenshotCommands } from "./screenshots";
import { addPrivacyCommands } from "./privacy";
import { addSubscriberCommands } from "./subscribers";
import { addUserCommands } from "./users";

export type CliRuntime = {
  out: CliOutput;
  /** Opens the database on first use, so --help and usage errors never touch it. */
  context(): Promise<CliContext>;
  /**
   * The configuration without opening the database, for `backup`: it reads the file with
   * its own connection and must work when that file is damaged. Defaults to context().
   */
  fileContext?(): Promise<CliFileContext>;
};

/**
 * The commander program; each action runs one command and records its exit code. A change
 * is audited by its operation, in its transaction, as from any other door (decision 048).
 */
function buildProgram(runtime: CliRuntime, setExitCode: (code: ExitCode) => void): Command {
  const run = async (command: (ctx: CliContext) => Promise<ExitCode>) => {
    setExitCode(await command(await runtime.context()));
  };
  const runOnFile = async (command: (ctx: CliFileContext) => Promise<ExitCode>) => {
    setExitCode(await command(await (runtime.fileContext ? runtime.fileContext() : runtime.context())));
  };

  const program = new Command("site-admin")
    .description(
      "Leads, appointment requests, subscribers, notifications, content, screenshots, staff accounts and backups of the agency site.",
    )
    .configureOutput({
      writeOut: (text) => runtime.out.stdout(text),
      writeErr: (text) => runtime.out.stderr(text),
      // An error stays one line: a suggestion ("Did you mean copy?") follows it on that line.
      outputError: (text, write) => write(text.replace(/\n(?=\(Did you mean )/, " ")),
    })
    // Errors come back as exceptions (mapped to exit codes below) instead of process.exit.
    .exitOverride()
    .showSuggestionAfterError();

  // Each subject registers its own commands; the order is the order of --help.
  addMeetingsCommands(program, run);
  addPrivacyCommands(program, run);
  addLeadCommands(program, run);
  addSubscriberCommands(program, run);
  addExportCommand(program, run);
  addInsightsCommands(program, run);
  addBackupCommand(program, runOnFile);
  addNotificationCommands(program, run);
  addScreenshotCommands(program, run);
  addContentCommands(program, run);
  addNewsCategoryCommands(program, run);
  addHistoryCommands(program, run);
  addSettingsCommands(program, run);
  addAvailabilityCommands(program, run);
  addSnippetCommands(program, run);
  addPagesCommands(program, run);
  addPreviewCommands(program, run);
  addUserCommands(program, run);

  return program;
}

/** Commander's own outcomes: help asked for is success; anything else is a usage error. */
function commanderExitCode(error: CommanderError): ExitCode {
  if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return exitCodes.ok;
  if (error.code === "commander.help" && error.exitCode === 0) return exitCodes.ok;
  return exitCodes.usage;
}

/** Runs one command line (without "node script") and answers its exit code. */
export async function runCli(argv: readonly string[], runtime: CliRuntime): Promise<ExitCode> {
  let exitCode: ExitCode = exitCodes.ok;
  const program = buildProgram(runtime, (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return commanderExitCode(error);
    const message = error instanceof Error ? error.message : String(error);
    runtime.out.stderr(`error: ${message.split("\n").join(" ")}\n`);
    return exitCodes.failed;
  }
  return exitCode;
}

import { Option } from "commander";
import { leadStatuses } from "#server/operations/leads/follow-up.ts";
import type { CliContext, CliFileContext } from "./context";
import type { ExitCode } from "./output";

/**
 * What each subject's commands are registered with (program.ts): `run` opens the database
 * and records the command's exit code and whether it changed something; `runOnFile` gives
 * the configuration only, for `backup`, which must work when the database is damaged.
 */
export type Run = (command: (ctx: CliContext) => Promise<ExitCode>) => Promise<void>;
export type RunOnFile = (command: (ctx: CliFileContext) => Promise<ExitCode>) => Promise<void>;

// Help texts that several subjects' commands share, so they read the same everywhere.
export const sinceHelp = "only those received on or after this day (YYYY-MM-DD, Cape Town time)";
export const suspectedHelp = "only those held back as suspected spam (a bot trap tripped), with the trap";
export const byHelp = "who is recording it (default: the account running the command)";
export const overrideHelp = "put it over another meeting or held request anyway, for this reason (audited)";
export const statusOption = () =>
  new Option("--status <status>", "only those in this state (new: the to-do list)").choices(leadStatuses);

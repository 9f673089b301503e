import type { AppConfig } from "#server/platform/config.ts";
import { userInfo } from "node:os";
import type { Actor, OperationContext } from "#server/operations/context.ts";

/** Where a command writes; the CLI passes process streams, tests collect the text. */
export type CliOutput = {
  /** Results: tables, details, JSON, exported data. */
  stdout(text: string): void;
  /** Problems: one line each. */
  stderr(text: string): void;
};

/** What every command gets: the open database, the configuration, the clock and its output. */
export type CliContext = Omit<OperationContext, "actor"> & {
  out: CliOutput;
  /** Asks the person at the terminal; absent when nobody can answer (a pipe, a test). */
  confirm?(question: string): Promise<boolean>;
  /** Who the audit log names for a change: the workspace's member of staff; absent on the command line. */
  actor?: Actor;
};

/** Who ran the command, when --by does not say: the account behind sudo, else this one. */
export function defaultActor(): string {
  const sudo = process.env.SUDO_USER;
  if (sudo) return sudo;
  try {
    return userInfo().username;
  } catch {
    // A uid without a passwd entry (some containers) has no name.
    return `uid ${process.getuid?.() ?? "unknown"}`;
  }
}

/** The command line's changes in the audit log: "cli:<account>", from "cli". */
export function cliActor(): Actor {
  // The CLI is the server's own door: whoever has its shell is the operator (decision 048).
  return { actor: `cli:${defaultActor()}`, ip: "cli", door: "cli" };
}

/** What a command hands an operation: who acts is the workspace's member of staff, else the command line. */
export function operationContext(ctx: CliContext): OperationContext {
  return { db: ctx.db, config: ctx.config, actor: ctx.actor ?? cliActor(), now: ctx.now };
}

/**
 * What a command that works on the database file itself gets (backup): no open database,
 * so it runs when that file is missing or damaged.
 */
export type CliFileContext = {
  config: Pick<AppConfig, "databaseFile" | "databaseUrl">;
  out: CliOutput;
};

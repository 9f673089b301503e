import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import type { Actor } from "#server/auth/policy.ts";

/**
 * Who made a change, as the audit log records it (a staff address and IP, or "cli:<user>"
 * and "cli"), and the door it came through, which the policy reads (server/auth/policy.ts).
 */
export type { Actor };

/**
 * What an operation gets from the door that runs it (the CLI, the workspace, a job): the open
 * database, the configuration, who is acting, for the audit log, and the one clock.
 */
export type OperationContext = {
  db: Db;
  /** `settings` names the site in e-mails an operation queues (a released lead's notification). */
  config: Pick<
    AppConfig,
    "dataDir" | "databaseFile" | "databaseUrl" | "settings" | "mail" | "followUp" | "retention"
  >;
  actor: Actor;
  /**
   * The time now, read when the operation needs it: the door makes the real clock once
   * (docs/decisions/078-one-clock.md); a test gives a fixed or moving one.
   */
  now(): Date;
};

/** The real clock: every door (the app, the CLI's start file) hands operations this one. */
export const systemClock = (): Date => new Date();

import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/database.ts";
import type { Logger } from "#server/logger.ts";

/** What the workspace's API modules are given. */
export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** Wakes the mail worker after a change queued an e-mail (an invitation, a released lead). */
  onQueued: () => void;
  now?: () => Date;
};

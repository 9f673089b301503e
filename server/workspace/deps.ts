import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";

/** What the workspace's API modules are given. */
export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** Wakes the mail worker after a change queued an e-mail (an invitation, a released lead). */
  onQueued: () => void;
  now?: () => Date;
};

import type { AppConfig } from "#server/config.ts";
import type { Db } from "#server/db/database.ts";
import type { Logger } from "#server/logger.ts";
import type { SiteSettingsSource } from "#server/db/site-settings.ts";

/** What the workspace's API modules are given. */
export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** Wakes the mail worker after a change queued an e-mail (an invitation, a released lead). */
  onQueued: () => void;
  now?: () => Date;
  /** The settings this process serves; told when the workspace changed them, so it reads them again at once. */
  siteSettings?: SiteSettingsSource;
};

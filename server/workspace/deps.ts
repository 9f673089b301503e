import { siteWordsOf } from "#server/auth/passwords.ts";
import type { TotpSecrets } from "#server/auth/totp-secrets.ts";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { SiteSettingsSource } from "#server/db/site-settings.ts";

/** What the workspace's API modules are given. */
export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** Wakes the mail worker after a change queued an e-mail (an invitation, a released lead). */
  onQueued: () => void;
  /** The workspace's one clock, made by the app (docs/decisions/078-one-clock.md). */
  now: () => Date;
  /** Seals and opens the authenticator apps' secrets (docs/decisions/054-totp-secrets-at-rest.md). */
  totpSecrets: TotpSecrets;
  /** The settings this process serves; told when the workspace changed them, so it reads them again at once. */
  siteSettings?: SiteSettingsSource;
};

/** The site's own words a new password must not be built on, from the settings served now. */
export async function siteWordsNow(deps: Pick<WorkspaceDeps, "config" | "siteSettings">): Promise<string[]> {
  const site = deps.siteSettings ? (await deps.siteSettings.refresh()).site : deps.config.settings;
  return siteWordsOf(site);
}

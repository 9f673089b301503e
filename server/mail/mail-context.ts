import type { AppConfig } from "#server/platform/config.ts";
import type { CurrentSettings } from "#server/db/site-settings.ts";

/** What a message builder reads: the sender and agency inbox, and the site's brand and contact details. */
export type MailContext = Pick<AppConfig, "mail" | "settings">;

/** A display name as it may stand in a From header unquoted; anything else is quoted. */
const PLAIN_NAME = /^[\p{L}\p{N} .'-]+$/u;

function displayName(name: string): string {
  return PLAIN_NAME.test(name) ? name : `"${name.replace(/["\\]/g, "\\$&")}"`;
}

/** The address inside "Name <address>", or the whole value when it is a bare address. */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * The context a message is built with when it is sent: the site settings as they are now
 * (brand, contact details, agency inbox), not as they were at start-up. The sender is
 * "<brand> website", from MAIL_FROM's address when that is set, else the contact e-mail.
 */
export function mailContextOf(config: Pick<AppConfig, "mail">, current: CurrentSettings): MailContext {
  const address = config.mail.fromOverride ? addressOf(config.mail.fromOverride) : current.site.email;
  return {
    settings: current.site,
    mail: {
      ...config.mail,
      from: `${displayName(`${current.site.brandName} website`)} <${address}>`,
      to: current.agencyInbox,
    },
  };
}

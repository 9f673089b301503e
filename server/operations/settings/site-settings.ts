import { recordAudit } from "#server/db/audit-log.ts";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import { recordFirstRevision, recordRevision } from "#server/db/revisions.ts";
import {
  editableSettingsOf,
  readSiteSettings,
  SETTINGS_TARGET,
  writeSiteSettings,
} from "#server/db/site-settings.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { refusedByPolicy, refuse, succeeded, type Outcome } from "#server/operations/outcome.ts";
import { queueChangeNotices } from "#server/auth/change-notices.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import {
  settingsFieldByCliKey,
  settingsFieldOf,
  settingsFields,
  type EditableSettings,
} from "#shared/site-settings-fields.ts";
import { checkSettingsDocument } from "./settings-rules";

/**
 * Reading and saving the site settings, for the workspace and the CLI alike
 * (docs/decisions/038-site-settings-in-the-database.md). A save checks the whole
 * document, then in one transaction writes it, bumps the content revision (so every
 * instance's page cache and settings drop what they hold), records the audit entry and
 * keeps the document as a revision.
 */

export type SettingsContext = Pick<OperationContext, "db" | "config" | "actor">;

export type SavedSettings = { settings: EditableSettings; changed: string[]; revision: number | undefined };

/** The values a new database starts with: the environment's, over the built-in defaults. */
export function settingsSeed(config: SettingsContext["config"]): EditableSettings {
  return editableSettingsOf(config.settings, config.mail.to);
}

export function loadSiteSettings(ctx: Pick<OperationContext, "db" | "config">): Promise<EditableSettings> {
  return readSiteSettings(ctx.db, settingsSeed(ctx.config));
}

/** The note of the settings' first revision: as they were before the first change. */
export const ORIGINAL_SETTINGS_NOTE = "The first settings, before the first change";

/** The fields whose values differ, in the form's order. */
export function changedSettings(before: EditableSettings, after: EditableSettings): string[] {
  return settingsFields.filter((field) => before[field.key] !== after[field.key]).map((field) => field.key);
}

/**
 * The fields that decide where the site's e-mails go: the agency inbox, and the contact
 * e-mail while it is the sender (MAIL_FROM unset; README, decision 048). Moving either
 * could send every lead to someone else, or mail in the agency's name from their address.
 */
export function mailRouteFields(config: SettingsContext["config"]): string[] {
  return config.mail.fromOverride ? ["agencyInbox"] : ["agencyInbox", "email"];
}

/**
 * A document from before the meeting place was a setting (a form open across the deploy, a
 * revision restored from then) keeps the stored place rather than being refused for it.
 */
async function withStoredMeetingPlace(ctx: SettingsContext, document: unknown): Promise<unknown> {
  if (typeof document !== "object" || document === null || Array.isArray(document)) return document;
  if ("meetingPlace" in document) return document;
  return { ...document, meetingPlace: (await loadSiteSettings(ctx)).meetingPlace };
}

/**
 * Saves the whole document, or refuses it with a message per field and changes nothing. A
 * document equal to the stored one is not saved again. Restoring a revision is saving its
 * document with the note "Restored revision N".
 */
export async function saveSiteSettings(
  ctx: SettingsContext,
  document: unknown,
  options: { note?: string } = {},
  now = new Date(),
): Promise<Outcome<SavedSettings>> {
  const checked = checkSettingsDocument(await withStoredMeetingPlace(ctx, document));
  if (!checked.ok) {
    const first = Object.values(checked.fieldErrors)[0] ?? "The settings were not saved.";
    return refuse(first, checked.fieldErrors);
  }
  const settings = checked.value;
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readSiteSettings(trx, settingsSeed(ctx.config));
    const changed = changedSettings(before, settings);
    if (changed.length === 0) return succeeded({ settings, changed, revision: undefined });
    // The policy (decision 048) asks for a fresh proof whichever door moves the mail route:
    // a save, the CLI, or History restoring an old revision.
    const moved = changed.filter((key) => mailRouteFields(ctx.config).includes(key));
    const operation = moved.length > 0 ? "settings.mail-route" : "settings.update";
    const refusal = checkPolicy(operation, ctx.actor, now);
    if (refusal) return refusedByPolicy(refusal);
    await writeSiteSettings(trx, settings, now);
    await bumpContentRevision(trx, now);
    await recordAudit(
      trx,
      {
        ...ctx.actor,
        action: "settings.update",
        target: SETTINGS_TARGET,
        detail: { changed, ...(options.note ? { note: options.note } : {}) },
      },
      now,
    );
    const movedTo = moved.map((key) => ({
      label: settingsFieldOf(key)?.label ?? key,
      value: settings[key as keyof EditableSettings],
    }));
    await queueChangeNotices(
      trx,
      operation,
      {
        body: { change: "mail-route-changed", moved: movedTo },
        actor: ctx.actor,
        siteUrl: ctx.config.settings.siteUrl,
      },
      now,
    );
    await recordFirstRevision(
      trx,
      { target: SETTINGS_TARGET, document: before, actor: ctx.actor.actor, note: ORIGINAL_SETTINGS_NOTE },
      now,
    );
    const revision = await recordRevision(
      trx,
      { target: SETTINGS_TARGET, document: settings, actor: ctx.actor.actor, note: options.note },
      now,
    );
    return succeeded({ settings, changed, revision });
  });
}

/** Sets one field by its CLI name (`phone`, `map-url`) or its form name (`mapUrl`). */
export async function setSiteSetting(
  ctx: SettingsContext,
  key: string,
  value: string,
  now = new Date(),
): Promise<Outcome<SavedSettings>> {
  const field = settingsFieldByCliKey(key) ?? settingsFieldOf(key);
  if (!field) {
    const keys = settingsFields.map((candidate) => candidate.cliKey).join(", ");
    return refuse(`unknown setting "${key}"; the settings are: ${keys}`, {
      key: `There is no setting ${key}.`,
    });
  }
  const current = await loadSiteSettings(ctx);
  return saveSiteSettings(ctx, { ...current, [field.key]: value }, {}, now);
}

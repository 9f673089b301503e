import { recordAudit } from "#server/db/audit-log.ts";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import { recordFirstRevision, recordRevision } from "#server/db/history.ts";
import {
  editableSettingsOf,
  readSiteSettings,
  SETTINGS_TARGET,
  writeSiteSettings,
} from "#server/db/site-settings.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, refusedByPolicy, refuse, succeeded, type Outcome, type Refusal } from "#shared/outcome.ts";
import { queueChangeNotices } from "#server/auth/change-notices.ts";
import { checkPolicy, type Actor, type PolicyName } from "#server/auth/policy.ts";
import {
  settingsFieldAccess,
  settingsLockedFor,
  strictestAccess,
  type MailSender,
  type SettingsFieldAccess,
} from "#shared/site-settings-access.ts";
import {
  settingsFieldByCliKey,
  settingsFieldOf,
  settingsFields,
  type EditableSettings,
  type SettingsKey,
} from "#shared/site-settings-fields.ts";
import { checkSettingsDocument } from "./settings-rules";

/**
 * Reading and saving the site settings, for the workspace and the CLI alike
 * (docs/decisions/038-site-settings-in-the-database.md). A save checks the whole
 * document, then in one transaction writes it, bumps the content revision (so every
 * instance's page cache and settings drop what they hold), records the audit entry and
 * keeps the document as a revision.
 */

export type SettingsContext = Pick<OperationContext, "db" | "config" | "actor" | "now">;

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
export function changedSettings(before: EditableSettings, after: EditableSettings): SettingsKey[] {
  return settingsFields.filter((field) => before[field.key] !== after[field.key]).map((field) => field.key);
}

/** Whether the contact e-mail sends the site's e-mails: MAIL_FROM is unset (README, decision 048). */
export function mailSenderOf(config: SettingsContext["config"]): MailSender {
  return { contactEmailSends: !config.mail.fromOverride };
}

/** The policy row a save is judged by: its most sensitive change's (decisions 048, 068). */
const policyByAccess: Record<SettingsFieldAccess, PolicyName> = {
  contact: "settings.contact",
  admin: "settings.update",
  "mail-route": "settings.mail-route",
};

/**
 * A role outside the row's area is told which fields are not theirs, each in its own
 * sentence ("Only an admin can change where lead e-mails go."): no proof would help, so it
 * is a refusal, never a "Confirm it's you".
 */
function refusedFields(
  changed: readonly SettingsKey[],
  actor: Actor,
  sender: MailSender,
): Refusal | undefined {
  if (!actor.role) return undefined;
  const locked = settingsLockedFor(actor.role, sender);
  const fieldErrors = Object.fromEntries(
    changed.flatMap((key) => (locked[key] ? [[key, locked[key]]] : [])),
  ) as Record<string, string>;
  const first = Object.values(fieldErrors)[0];
  return first ? { ...failed("forbidden", first), fieldErrors } : undefined;
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
): Promise<Outcome<SavedSettings>> {
  const now = ctx.now();
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
    // The policy (decisions 048, 068) judges every door alike: a save, the CLI, History
    // restoring an old revision. Editors may change the contact details, links and map;
    // moving the mail route needs an admin with a fresh proof.
    const sender = mailSenderOf(ctx.config);
    const moved = changed.filter((key) => settingsFieldAccess(key, sender) === "mail-route");
    const operation = policyByAccess[strictestAccess(changed, sender) ?? "contact"];
    const refusal = checkPolicy(operation, ctx.actor, now);
    if (refusal?.reason === "forbidden")
      return refusedFields(changed, ctx.actor, sender) ?? refusedByPolicy(refusal);
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
): Promise<Outcome<SavedSettings>> {
  const field = settingsFieldByCliKey(key) ?? settingsFieldOf(key);
  if (!field) {
    const keys = settingsFields.map((candidate) => candidate.cliKey).join(", ");
    return refuse(`unknown setting "${key}"; the settings are: ${keys}`, {
      key: `There is no setting ${key}.`,
    });
  }
  const current = await loadSiteSettings(ctx);
  return saveSiteSettings(ctx, { ...current, [field.key]: value });
}

import { topLevelLabels } from "./revision-diff";
import { SETTINGS_TARGET } from "#server/db/site-settings.ts";
import { loadSiteSettings, saveSiteSettings } from "#server/operations/settings/site-settings.ts";
import { settingsFieldOf } from "#shared/site-settings-fields.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import type { RevisionKind } from "./revision-kind";

/**
 * The site settings: one target, "settings", seen and restored by editors and admins; the
 * restore is the settings save, which refuses an editor a revision that moves what only an
 * admin may change (decision 068).
 */
export const settingsRevisions: RevisionKind = {
  resolve: (name) => (name === SETTINGS_TARGET ? SETTINGS_TARGET : undefined),
  names: "the site settings as settings",
  area: "contact",
  describe: () => Promise.resolve({ label: "Site settings", editPath: staffPaths.settings }),
  read: (ctx) => loadSiteSettings(ctx),
  restore: (ctx, _target, document, note) => saveSiteSettings(ctx, document, { note }),
  // The dial form is derived from the phone number: the form calls it by its own name.
  labelsFor: () =>
    topLevelLabels((key) => (key === "phoneDial" ? "Phone (dial form)" : settingsFieldOf(key)?.label)),
};

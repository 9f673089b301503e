import type { Kysely } from "kysely";
import type { EditableSettings } from "#shared/site-settings-fields.ts";
import type { SiteSettings } from "#shared/site-settings.ts";
import { STUDIO_PLACE } from "#shared/meeting-place.ts";
import { readContentRevision } from "./content-revision";
import type { Database } from "./schema";

/**
 * The site settings staff edit, as one row holding the whole document
 * (docs/decisions/038-site-settings-in-the-database.md). The environment's values (and
 * the built-in defaults under them) are the seed: written once, on a new database's first
 * start; the row wins from then on.
 */

/** The revisions' name for the settings (server/db/history.ts). */
export const SETTINGS_TARGET = "settings";

/** The settings as a process uses them: what pages show, and where the agency's e-mails go. */
export type CurrentSettings = { site: SiteSettings; agencyInbox: string };

/** The editable part of `settings`, with the inbox the environment names, for the seed. */
export function editableSettingsOf(settings: SiteSettings, agencyInbox: string): EditableSettings {
  return {
    brandName: settings.brandName,
    email: settings.email,
    phone: settings.phoneDisplay,
    phoneDial: settings.phone,
    street: settings.address.street,
    suburb: settings.address.suburb,
    city: settings.address.city,
    region: settings.address.region,
    postalCode: settings.address.postalCode,
    mapUrl: settings.mapUrl,
    mapEmbedUrl: settings.mapEmbedUrl,
    linkedinUrl: settings.linkedinUrl,
    agencyInbox,
    meetingPlace: STUDIO_PLACE,
  };
}

/** The stored document over what stays configuration (the site's URL, tagline, country). */
export function currentSettingsOf(document: EditableSettings, base: SiteSettings): CurrentSettings {
  return {
    site: {
      ...base,
      brandName: document.brandName,
      email: document.email,
      phone: document.phoneDial,
      phoneDisplay: document.phone,
      address: {
        ...base.address,
        street: document.street,
        suburb: document.suburb,
        city: document.city,
        region: document.region,
        postalCode: document.postalCode,
      },
      linkedinUrl: document.linkedinUrl,
      mapUrl: document.mapUrl,
      mapEmbedUrl: document.mapEmbedUrl,
    },
    agencyInbox: document.agencyInbox,
  };
}

/**
 * The stored document; `seed` fills any field it lacks (one added after it was saved) and
 * stands in for it entirely before the first start has written it.
 */
export async function readSiteSettings(
  db: Kysely<Database>,
  seed: EditableSettings,
): Promise<EditableSettings> {
  const row = await db.selectFrom("site_settings").select("document").where("id", "=", 1).executeTakeFirst();
  if (!row) return seed;
  const stored = JSON.parse(row.document) as Partial<Record<keyof EditableSettings, unknown>>;
  const merged = { ...seed };
  for (const key of Object.keys(seed) as (keyof EditableSettings)[]) {
    const value = stored[key];
    if (typeof value === "string") merged[key] = value;
  }
  return merged;
}

/**
 * Writes the seed unless a row is there already. Looks first, so a start on a database
 * that has its row writes nothing (one that cannot be written still starts); the insert
 * does nothing if another instance starting at the same time wrote it first.
 */
export async function seedSiteSettings(
  db: Kysely<Database>,
  seed: EditableSettings,
  now = new Date(),
): Promise<void> {
  const row = await db.selectFrom("site_settings").select("id").where("id", "=", 1).executeTakeFirst();
  if (row) return;
  await db
    .insertInto("site_settings")
    .values({ id: 1, document: JSON.stringify(seed), updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
}

/** Replaces the document; pass the transaction that bumps the content revision. */
export async function writeSiteSettings(
  db: Kysely<Database>,
  document: EditableSettings,
  now = new Date(),
): Promise<void> {
  const values = { document: JSON.stringify(document), updated_at: now.toISOString() };
  await db
    .insertInto("site_settings")
    .values({ id: 1, ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
    .execute();
}

/**
 * The settings a process serves, kept in memory and read again only when the content
 * revision (bumped by every save, in its transaction) has moved: at most one small read
 * per `checkMs`, never one per request.
 */
export type SiteSettingsSource = {
  /** What was last read; synchronous, for a render that cannot wait. */
  current(): CurrentSettings;
  /** The settings, after looking at the revision if the last look is older than `checkMs`. */
  refresh(): Promise<CurrentSettings>;
  /**
   * Reads the content revision now and, when it moved, the settings before answering: the
   * page cache reads the revision through this, so a copy stamped with a revision never
   * holds older settings than that revision's.
   */
  readRevision(): Promise<number>;
  /** This process changed them: the next refresh reads them again, whatever the time. */
  forget(): void;
};

export function createSiteSettingsSource(options: {
  db: Kysely<Database>;
  seed: EditableSettings;
  /** What stays configuration: the site's URL, tagline and country. */
  base: SiteSettings;
  checkMs?: number;
  now?: () => number;
}): SiteSettingsSource {
  const { db, seed, base } = options;
  const checkMs = options.checkMs ?? 500;
  const now = options.now ?? Date.now;
  let settings = currentSettingsOf(seed, base);
  /** The revision `settings` were read at; undefined until the first read. */
  let readAt: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | undefined;

  function read(): Promise<number> {
    reading ??= (async () => {
      try {
        const revision = await readContentRevision(db);
        if (revision !== readAt) {
          settings = currentSettingsOf(await readSiteSettings(db, seed), base);
          readAt = revision;
        }
        checkedAt = now();
        return revision;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  }

  return {
    current: () => settings,
    async refresh() {
      if (now() - checkedAt >= checkMs) {
        // A page is still served with the settings last read while the database is away.
        await read().catch(() => void (checkedAt = now()));
      }
      return settings;
    },
    readRevision: read,
    forget() {
      readAt = undefined;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}

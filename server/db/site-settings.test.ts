import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { useSuiteDatabase } from "#tests/support/test-database.ts";
import { bumpContentRevision } from "./content-revision";
import {
  createSiteSettingsSource,
  editableSettingsOf,
  readSiteSettings,
  seedSiteSettings,
  writeSiteSettings,
} from "./site-settings";

describe("the site settings a process serves", () => {
  const suite = useSuiteDatabase();
  const seed = editableSettingsOf(defaultSiteSettings, "inbox@agency.test");

  /** A save as the operation makes it: the document and the revision, together. */
  async function saveBrand(brandName: string) {
    await suite.db.transaction().execute(async (trx) => {
      await writeSiteSettings(trx, { ...seed, brandName });
      await bumpContentRevision(trx);
    });
  }

  it("seeds a new database once; a stored row wins over a later seed", async () => {
    await seedSiteSettings(suite.db, seed);
    await saveBrand("Stored Brand");
    await seedSiteSettings(suite.db, { ...seed, brandName: "Environment Brand" });
    expect((await readSiteSettings(suite.db, seed)).brandName).toBe("Stored Brand");
  });

  it("looks at the revision at most once per checkMs, and reads the settings only when it moved", async () => {
    let clock = 0;
    const source = createSiteSettingsSource({
      db: suite.db,
      seed,
      base: defaultSiteSettings,
      checkMs: 500,
      now: () => clock,
    });
    await saveBrand("First");
    expect((await source.refresh()).site.brandName).toBe("First");

    await saveBrand("Second");
    clock = 499;
    // Within the window nothing is read: the request is answered from memory.
    expect((await source.refresh()).site.brandName).toBe("First");
    clock = 500;
    expect((await source.refresh()).site.brandName).toBe("Second");
    expect(source.current().site.brandName).toBe("Second");
  });

  it("reads the settings before answering a new revision, so a page stamped with it never shows older ones", async () => {
    const source = createSiteSettingsSource({ db: suite.db, seed, base: defaultSiteSettings, now: () => 0 });
    await source.refresh();
    await saveBrand("Stamped");
    const revision = await source.readRevision();
    expect(source.current().site.brandName).toBe("Stamped");
    expect(revision).toBeGreaterThan(1);
  });

  it("reads again at once when this process saved, whatever the time", async () => {
    const source = createSiteSettingsSource({ db: suite.db, seed, base: defaultSiteSettings, now: () => 0 });
    await source.refresh();
    await saveBrand("Saved Here");
    source.forget();
    expect((await source.refresh()).site.brandName).toBe("Saved Here");
  });

  it("serves the seed, and throws nothing at a page, while the database cannot be read", async () => {
    // Every query of this handle names a schema that does not exist, as a lost database fails.
    const source = createSiteSettingsSource({
      db: suite.db.withSchema("no_such_schema"),
      seed,
      base: defaultSiteSettings,
      checkMs: 0,
    });
    expect((await source.refresh()).site.brandName).toBe(seed.brandName);
    await expect(source.readRevision()).rejects.toThrow();
  });
});

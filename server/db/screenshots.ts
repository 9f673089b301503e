import type { Insertable, Kysely } from "kysely";
import { z } from "zod";
import { changingContent, type AuditOf } from "./content-revision";
import { isUniqueViolation } from "./dialect";
import type { ImageSource, ServicePage, ServiceScreenshot } from "#shared/content-types.ts";
import type { Database, ServiceScreenshotRow, ServiceScreenshotTable } from "./schema";

type Db = Kysely<Database>;

/** One file of an uploaded screenshot, as stored in the row's `variants` JSON. */
export const screenshotVariantSchema = z.object({
  type: z.enum(["image/avif", "image/webp"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string().min(1),
});
export type ScreenshotVariant = z.infer<typeof screenshotVariantSchema>;

/** The row's variants; a row with none or with unreadable JSON has just its image_url. */
export function readScreenshotVariants(row: Pick<ServiceScreenshotRow, "variants">): ScreenshotVariant[] {
  if (row.variants === null) return [];
  try {
    const parsed = screenshotVariantSchema.array().safeParse(JSON.parse(row.variants));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const sourceOrder: ImageSource["type"][] = ["image/avif", "image/webp"];

/** An upload's files as `<source>` sets: AVIF first, each format's widths smallest first. */
export function toImageSources(variants: ScreenshotVariant[]): ImageSource[] {
  return sourceOrder.flatMap((type) => {
    const ofType = variants.filter((variant) => variant.type === type).sort((a, b) => a.width - b.width);
    if (ofType.length === 0) return [];
    return [{ type, srcset: ofType.map((variant) => `${variant.url} ${variant.width}w`).join(", ") }];
  });
}

function toServiceScreenshot(row: ServiceScreenshotRow): ServiceScreenshot {
  const sources = toImageSources(readScreenshotVariants(row));
  return {
    id: String(row.id),
    position: row.position,
    image_url: row.image_url,
    ...(row.alt_text === null ? {} : { alt_text: row.alt_text }),
    service_page: row.service_page as ServicePage,
    width: row.width,
    height: row.height,
    ...(sources.length > 0 ? { sources } : {}),
  };
}

export async function listServiceScreenshots(db: Db, page: ServicePage): Promise<ServiceScreenshot[]> {
  const rows = await db
    .selectFrom("service_screenshots")
    .selectAll()
    .where("service_page", "=", page)
    .orderBy("position")
    .execute();
  return rows.map(toServiceScreenshot);
}

/** Places a screenshot at its page position, replacing whatever was uploaded there before. */
export async function saveServiceScreenshot(
  db: Db,
  screenshot: Omit<Insertable<ServiceScreenshotTable>, "created_at">,
  now = new Date(),
): Promise<ServiceScreenshot> {
  return changingContent(db, async (trx) => {
    await trx
      .deleteFrom("service_screenshots")
      .where("service_page", "=", screenshot.service_page)
      .where("position", "=", screenshot.position)
      .execute();
    const row = await trx
      .insertInto("service_screenshots")
      .values({ ...screenshot, created_at: now.toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toServiceScreenshot(row);
  });
}

/** Every uploaded screenshot, by page and position (the admin CLI's list). */
export async function listAllServiceScreenshotRows(db: Db): Promise<ServiceScreenshotRow[]> {
  return db
    .selectFrom("service_screenshots")
    .selectAll()
    .orderBy("service_page")
    .orderBy("position")
    .execute();
}

export async function findServiceScreenshotRow(
  db: Db,
  id: number,
): Promise<ServiceScreenshotRow | undefined> {
  return db.selectFrom("service_screenshots").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findServiceScreenshotAt(
  db: Db,
  page: string,
  position: number,
): Promise<ServiceScreenshotRow | undefined> {
  return db
    .selectFrom("service_screenshots")
    .selectAll()
    .where("service_page", "=", page)
    .where("position", "=", position)
    .executeTakeFirst();
}

/**
 * Adds a screenshot at a free position. One statement: the unique (page, position)
 * constraint, not a prior read, decides a race with another writer.
 */
export async function insertServiceScreenshot(
  db: Db,
  screenshot: Omit<Insertable<ServiceScreenshotTable>, "created_at">,
  now = new Date(),
  audit?: AuditOf<ServiceScreenshotRow>,
): Promise<ServiceScreenshotRow> {
  return changingContent(
    db,
    (trx) =>
      trx
        .insertInto("service_screenshots")
        .values({ ...screenshot, created_at: now.toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    audit,
  );
}

export async function moveServiceScreenshot(
  db: Db,
  id: number,
  position: number,
  audit?: AuditOf<void>,
): Promise<void> {
  await changingContent(
    db,
    async (trx) => {
      await trx.updateTable("service_screenshots").set({ position }).where("id", "=", id).execute();
    },
    audit,
  );
}

export async function deleteServiceScreenshot(db: Db, id: number, audit?: AuditOf<void>): Promise<void> {
  await changingContent(
    db,
    async (trx) => {
      await trx.deleteFrom("service_screenshots").where("id", "=", id).execute();
    },
    audit,
  );
}

/** How many rows show the upload with this content hash (its files are shared). */
export async function countScreenshotsWithContent(db: Db, contentHash: string): Promise<number> {
  const row = await db
    .selectFrom("service_screenshots")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("content_hash", "=", contentHash)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** True for the refusal of a second screenshot at one page position (the table's only unique key). */
export function isPositionTakenError(error: unknown): boolean {
  return isUniqueViolation(error);
}

/** The uploaded screenshots pages show in place of the built-in placeholders. */
/** The screenshots uploaded for a service page, as the content source merges them with the built-in ones. */
export type ScreenshotStore = {
  list(page: ServicePage): Promise<ServiceScreenshot[]>;
};

export function createScreenshotStore(db: Db): ScreenshotStore {
  return { list: (page) => listServiceScreenshots(db, page) };
}

import type { Insertable, Kysely, Selectable } from "kysely";
import type { ScreenshotStore } from "../content/content-source";
import type { ServicePage, ServiceScreenshot } from "../../shared/content-types";
import type { Database, ServiceScreenshotTable } from "./schema";

type Db = Kysely<Database>;

function toServiceScreenshot(row: Selectable<ServiceScreenshotTable>): ServiceScreenshot {
  return {
    id: String(row.id),
    position: row.position,
    image_url: row.image_url,
    ...(row.alt_text === null ? {} : { alt_text: row.alt_text }),
    service_page: row.service_page as ServicePage,
    width: row.width,
    height: row.height,
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
  return db.transaction().execute(async (trx) => {
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

/** The uploaded screenshots pages show in place of the built-in placeholders. */
export function createScreenshotStore(db: Db): ScreenshotStore {
  return { list: (page) => listServiceScreenshots(db, page) };
}

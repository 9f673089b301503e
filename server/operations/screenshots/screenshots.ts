import {
  countScreenshotsWithContent,
  deleteServiceScreenshot,
  findServiceScreenshotAt,
  findServiceScreenshotRow,
  insertServiceScreenshot,
  isPositionTakenError,
  listAllServiceScreenshotRows,
  moveServiceScreenshot,
  readScreenshotVariants,
  type ScreenshotVariant,
} from "#server/db/screenshots.ts";
import type { ServiceScreenshotRow } from "#server/db/schema.ts";
import type { Db } from "#server/db/database.ts";
import { createUploadStore } from "#server/files/uploaded-files.ts";
import { serviceScreenshots as builtInScreenshots } from "#data/service-screenshots.ts";
import { servicePages, type ServicePage } from "#shared/content-types.ts";
import { cleanText } from "#shared/forms/sanitize.ts";
import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";
import type { OperationContext } from "#server/operations/context.ts";
import {
  checkImageBytes,
  createScreenshotVariants,
  defaultUploadLimits,
  ImageRejectedError,
  readImageUpload,
  removeScreenshotFiles,
  type UploadLimits,
} from "#server/operations/images/images.ts";
import { MAX_SCREENSHOT_POSITION, parseId, parsePosition, type Parsed } from "#server/operations/input.ts";
import { asSentence, notFound, refuse, type Outcome } from "#shared/outcome.ts";

export function toScreenshotRecord(row: ServiceScreenshotRow): ScreenshotRecord {
  return {
    id: row.id,
    page: row.service_page,
    position: row.position,
    imageUrl: row.image_url,
    width: row.width,
    height: row.height,
    altText: row.alt_text,
    variants: readScreenshotVariants(row),
    createdAt: row.created_at,
  };
}

function parsePage(text: string): Parsed<ServicePage> {
  return (servicePages as readonly string[]).includes(text)
    ? { ok: true, value: text as ServicePage }
    : { ok: false, message: `invalid page "${text}": expected ${servicePages.join(" or ")}` };
}

function parseScreenshotId(text: string): Parsed<number> {
  if (builtInScreenshots.some((shot) => shot.id === text)) {
    return {
      ok: false,
      message: `screenshot ${text} is built in; add an upload at its position to replace it on the page`,
    };
  }
  return parseId(text, "screenshot");
}

const positionTaken = (position: number, page: string, occupant: number | string) =>
  `position ${position} on ${page} is taken by screenshot ${occupant}; move or remove it first`;

async function describeOccupant(db: Db, page: string, position: number): Promise<string> {
  return String((await findServiceScreenshotAt(db, page, position))?.id ?? "(another upload)");
}

/** Files nobody shows any more are deleted; files another row shares stay. */
async function removeUnusedFiles(
  ctx: ScreenshotContext,
  contentHash: string | null,
  variants: ScreenshotVariant[],
) {
  if (contentHash === null || (await countScreenshotsWithContent(ctx.db, contentHash)) > 0) return 0;
  return removeScreenshotFiles(createUploadStore(ctx.config, ctx.db), variants);
}

/** What a screenshot operation needs: the database, where uploads go, and who is acting. */
export type ScreenshotContext = Pick<OperationContext, "db" | "config" | "actor" | "now">;

/** The image to upload: a file the CLI names, or the bytes a request carried. */
export type ScreenshotImage = { file: string } | { name: string; bytes: Buffer };

const auditTarget = (id: number) => `screenshots/${id}`;

/**
 * Uploads a screenshot to a free position: checks the image, converts it to AVIF and
 * WebP at several widths, then adds the row. The page shows it on its next request.
 */
export async function uploadScreenshot(
  ctx: ScreenshotContext,
  input: { image: ScreenshotImage; page: string; position: string; alt?: string },
  limits: UploadLimits = defaultUploadLimits,
): Promise<Outcome<{ record: ScreenshotRecord; files: number }>> {
  const { db, config } = ctx;
  const page = parsePage(input.page);
  if (!page.ok) return refuse(page.message, { page: asSentence(page.message) });
  const position = parsePosition(input.position);
  if (!position.ok) return refuse(position.message, { position: asSentence(position.message) });
  const altText = input.alt === undefined ? "" : cleanText(input.alt);

  // Checked first so a taken position fails before the slow conversion; the insert checks again.
  const occupant = await findServiceScreenshotAt(db, page.value, position.value);
  if (occupant) return takenRefusal(position.value, page.value, occupant.id);

  let processed;
  try {
    const upload =
      "file" in input.image
        ? await readImageUpload(input.image.file, limits)
        : checkImageBytes(input.image.name, input.image.bytes, limits);
    processed = await createScreenshotVariants(upload, createUploadStore(config, db), limits);
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return refuse(error.message, { file: asSentence(error.message) });
    throw error;
  }

  const { contentHash, variants, largest } = processed;
  const { actor } = ctx;
  try {
    const row = await insertServiceScreenshot(
      db,
      {
        service_page: page.value,
        position: position.value,
        image_url: largest.url,
        alt_text: altText === "" ? null : altText,
        width: largest.width,
        height: largest.height,
        variants: JSON.stringify(variants),
        content_hash: contentHash,
      },
      ctx.now(),
      (added) => ({
        ...actor,
        action: "screenshot.add",
        target: auditTarget(added.id),
        detail: { page: added.service_page, position: added.position },
      }),
    );
    return { ok: true, value: { record: toScreenshotRecord(row), files: variants.length } };
  } catch (error) {
    if (!isPositionTakenError(error)) throw error;
    await removeUnusedFiles(ctx, contentHash, variants);
    return takenRefusal(position.value, page.value, await describeOccupant(db, page.value, position.value));
  }
}

const takenRefusal = (position: number, page: string, occupant: number | string) =>
  refuse(positionTaken(position, page, occupant), {
    position: `Position ${position} on this page is taken by screenshot ${occupant}. Move or remove it first.`,
  });

/** Moves an uploaded screenshot to a free position on its page; `from` is where it was. */
export async function moveScreenshotTo(
  ctx: ScreenshotContext,
  idText: string,
  positionText: string,
): Promise<Outcome<{ record: ScreenshotRecord; from: number }>> {
  const { db } = ctx;
  const id = parseScreenshotId(idText);
  if (!id.ok) return refuse(id.message, { id: asSentence(id.message) });
  const position = parsePosition(positionText);
  if (!position.ok) return refuse(position.message, { position: asSentence(position.message) });
  const row = await findServiceScreenshotRow(db, id.value);
  if (!row) return notFound(`unknown screenshot id ${id.value}`);
  const record = toScreenshotRecord(row);
  if (row.position === position.value) return { ok: true, value: { record, from: row.position } };
  const occupant = await findServiceScreenshotAt(db, row.service_page, position.value);
  if (occupant) return takenRefusal(position.value, row.service_page, occupant.id);
  try {
    await moveServiceScreenshot(db, row.id, position.value, () => ({
      ...ctx.actor,
      action: "screenshot.move",
      target: auditTarget(row.id),
      detail: { page: row.service_page, from: row.position, to: position.value },
    }));
  } catch (error) {
    if (!isPositionTakenError(error)) throw error;
    const taker = await describeOccupant(db, row.service_page, position.value);
    return takenRefusal(position.value, row.service_page, taker);
  }
  return { ok: true, value: { record: { ...record, position: position.value }, from: row.position } };
}

/** What became of a removed screenshot's files. */
export type RemovedFiles = { kind: "none" } | { kind: "shared" } | { kind: "deleted"; count: number };

/** Removes an uploaded screenshot, and its files unless another row shows the same image. */
export async function deleteScreenshot(
  ctx: ScreenshotContext,
  idText: string,
): Promise<Outcome<{ record: ScreenshotRecord; files: RemovedFiles }>> {
  const { db } = ctx;
  const id = parseScreenshotId(idText);
  if (!id.ok) return refuse(id.message, { id: asSentence(id.message) });
  const row = await findServiceScreenshotRow(db, id.value);
  if (!row) return notFound(`unknown screenshot id ${id.value}`);
  await deleteServiceScreenshot(db, row.id, () => ({
    ...ctx.actor,
    action: "screenshot.remove",
    target: auditTarget(row.id),
    detail: { page: row.service_page, position: row.position },
  }));
  let files: RemovedFiles;
  if (row.content_hash === null) {
    files = { kind: "none" };
  } else if ((await countScreenshotsWithContent(db, row.content_hash)) > 0) {
    files = { kind: "shared" };
  } else {
    const uploads = createUploadStore(ctx.config, db);
    files = { kind: "deleted", count: await removeScreenshotFiles(uploads, readScreenshotVariants(row)) };
  }
  return { ok: true, value: { record: toScreenshotRecord(row), files } };
}

/** Every uploaded screenshot, as `screenshots list` shows them. */
export async function loadScreenshotRecords(db: Db): Promise<ScreenshotRecord[]> {
  return (await listAllServiceScreenshotRows(db)).map(toScreenshotRecord);
}

/** The uploaded screenshots of each service page, in position order (the workspace's list). */
export async function listScreenshotPages(
  db: Db,
): Promise<{ pages: Array<{ page: ServicePage; screenshots: ScreenshotRecord[] }>; maxPosition: number }> {
  const records = await loadScreenshotRecords(db);
  return {
    pages: servicePages.map((page) => ({
      page,
      screenshots: records.filter((record) => record.page === page),
    })),
    maxPosition: MAX_SCREENSHOT_POSITION,
  };
}

/** The first position on a page no upload takes (an unknown page answers 1, for the upload to refuse). */
export async function firstFreePosition(db: Db, page: string): Promise<number> {
  const taken = new Set(
    (await listAllServiceScreenshotRows(db))
      .filter((row) => row.service_page === page)
      .map((row) => row.position),
  );
  let position = 1;
  while (taken.has(position)) position++;
  return position;
}

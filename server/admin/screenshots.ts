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
} from "../db/screenshots";
import type { ServiceScreenshotRow } from "../db/schema";
import type { Db } from "../db/database";
import { createUploadStore } from "../uploaded-files";
import { serviceScreenshots as builtInScreenshots } from "../../data/service-screenshots";
import { servicePages, type ServicePage } from "../../shared/content-types";
import { cleanText } from "../../shared/forms/sanitize";
import { exitCodes, fail, plural, printJson, printLine, type AdminContext, type ExitCode } from "./context";
import { formatLocalDateTime, formatTable, type Column } from "./format";
import {
  createScreenshotVariants,
  defaultUploadLimits,
  ImageRejectedError,
  readImageUpload,
  removeScreenshotFiles,
  type UploadLimits,
} from "./images";
import { parseId, parsePosition, type Parsed } from "./input";

export type ScreenshotRecord = {
  id: number;
  page: string;
  position: number;
  imageUrl: string;
  width: number;
  height: number;
  altText: string | null;
  variants: ScreenshotVariant[];
  createdAt: string;
};

function toScreenshotRecord(row: ServiceScreenshotRow): ScreenshotRecord {
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

const listColumns: Column<ScreenshotRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "PAGE", value: (r) => r.page },
  { header: "POSITION", value: (r) => r.position },
  { header: "SIZE", value: (r) => `${r.width}×${r.height}` },
  { header: "ADDED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "URL", value: (r) => r.imageUrl },
  { header: "ALT TEXT", value: (r) => r.altText },
];

export async function listScreenshots(
  { db, out }: AdminContext,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const records = (await listAllServiceScreenshotRows(db)).map(toScreenshotRecord);
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(out, "No uploaded screenshots; the pages show their built-in images and placeholders.");
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  printLine(out, `${plural(records.length, "uploaded screenshot")}; built-in ones fill the other positions.`);
  return exitCodes.ok;
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
  ctx: AdminContext,
  contentHash: string | null,
  variants: ScreenshotVariant[],
) {
  if (contentHash === null || (await countScreenshotsWithContent(ctx.db, contentHash)) > 0) return 0;
  return removeScreenshotFiles(createUploadStore(ctx.config, ctx.db), variants);
}

/**
 * Uploads a screenshot to a free position: checks the file, converts it to AVIF and
 * WebP at several widths, then adds the row. The page shows it on its next request.
 */
export async function addScreenshot(
  ctx: AdminContext,
  file: string,
  options: { page: string; position: string; alt?: string },
  limits: UploadLimits = defaultUploadLimits,
): Promise<ExitCode> {
  const { db, out, config } = ctx;
  const page = parsePage(options.page);
  if (!page.ok) return fail(out, page.message);
  const position = parsePosition(options.position);
  if (!position.ok) return fail(out, position.message);
  const altText = options.alt === undefined ? "" : cleanText(options.alt);

  // Checked first so a taken position fails before the slow conversion; the insert checks again.
  const occupant = await findServiceScreenshotAt(db, page.value, position.value);
  if (occupant) return fail(out, positionTaken(position.value, page.value, occupant.id));

  let processed;
  try {
    const upload = await readImageUpload(file, limits);
    processed = await createScreenshotVariants(upload, createUploadStore(config, db), limits);
  } catch (error) {
    if (error instanceof ImageRejectedError) return fail(out, error.message);
    throw error;
  }

  const { contentHash, variants, largest } = processed;
  let row: ServiceScreenshotRow;
  try {
    row = await insertServiceScreenshot(db, {
      service_page: page.value,
      position: position.value,
      image_url: largest.url,
      alt_text: altText === "" ? null : altText,
      width: largest.width,
      height: largest.height,
      variants: JSON.stringify(variants),
      content_hash: contentHash,
    });
  } catch (error) {
    if (!isPositionTakenError(error)) throw error;
    await removeUnusedFiles(ctx, contentHash, variants);
    return fail(
      out,
      positionTaken(position.value, page.value, await describeOccupant(db, page.value, position.value)),
    );
  }
  printLine(
    out,
    `Added screenshot ${row.id} at position ${row.position} on ${row.service_page}: ` +
      `${row.image_url} (${row.width}×${row.height}, ${plural(variants.length, "file")}).`,
  );
  if (altText === "") printLine(out, "Tip: --alt TEXT describes the image for screen readers.");
  return exitCodes.ok;
}

export async function moveScreenshot(
  { db, out }: AdminContext,
  idText: string,
  options: { position: string },
): Promise<ExitCode> {
  const id = parseScreenshotId(idText);
  if (!id.ok) return fail(out, id.message);
  const position = parsePosition(options.position);
  if (!position.ok) return fail(out, position.message);
  const row = await findServiceScreenshotRow(db, id.value);
  if (!row) return fail(out, `unknown screenshot id ${id.value}`);
  if (row.position === position.value) {
    printLine(out, `Screenshot ${row.id} is already at position ${row.position} on ${row.service_page}.`);
    return exitCodes.ok;
  }
  const occupant = await findServiceScreenshotAt(db, row.service_page, position.value);
  if (occupant) return fail(out, positionTaken(position.value, row.service_page, occupant.id));
  try {
    await moveServiceScreenshot(db, row.id, position.value);
  } catch (error) {
    if (!isPositionTakenError(error)) throw error;
    const taker = await describeOccupant(db, row.service_page, position.value);
    return fail(out, positionTaken(position.value, row.service_page, taker));
  }
  printLine(
    out,
    `Moved screenshot ${row.id} on ${row.service_page} from position ${row.position} to ${position.value}.`,
  );
  return exitCodes.ok;
}

export async function removeScreenshot(ctx: AdminContext, idText: string): Promise<ExitCode> {
  const { db, out } = ctx;
  const id = parseScreenshotId(idText);
  if (!id.ok) return fail(out, id.message);
  const row = await findServiceScreenshotRow(db, id.value);
  if (!row) return fail(out, `unknown screenshot id ${id.value}`);
  await deleteServiceScreenshot(db, row.id);
  let files: string;
  if (row.content_hash === null) {
    files = "it had no uploaded files";
  } else if ((await countScreenshotsWithContent(db, row.content_hash)) > 0) {
    files = "kept its files: another screenshot shows the same image";
  } else {
    const uploads = createUploadStore(ctx.config, db);
    const removed = await removeScreenshotFiles(uploads, readScreenshotVariants(row));
    files = `deleted ${plural(removed, "file")}`;
  }
  printLine(out, `Removed screenshot ${row.id} (position ${row.position} on ${row.service_page}); ${files}.`);
  return exitCodes.ok;
}

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
} from "../../db/screenshots";
import type { ServiceScreenshotRow } from "../../db/schema";
import type { Db } from "../../db/database";
import { createUploadStore } from "../../uploaded-files";
import { serviceScreenshots as builtInScreenshots } from "../../../data/service-screenshots";
import { servicePages, type ServicePage } from "../../../shared/content-types";
import { cleanText } from "../../../shared/forms/sanitize";
import {
  commandActor,
  exitCodes,
  fail,
  plural,
  printJson,
  printLine,
  type AdminContext,
  type ExitCode,
} from "../../cli/context";
import { formatLocalDateTime, formatTable, type Column } from "../../cli/format";
import {
  checkImageBytes,
  createScreenshotVariants,
  defaultUploadLimits,
  ImageRejectedError,
  readImageUpload,
  removeScreenshotFiles,
  type UploadLimits,
} from "../images/images";
import { MAX_SCREENSHOT_POSITION, parseId, parsePosition, type Parsed } from "../input";
import { asSentence, notFound, refuse, type Outcome } from "../outcome";

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
  ctx: ScreenshotContext,
  contentHash: string | null,
  variants: ScreenshotVariant[],
) {
  if (contentHash === null || (await countScreenshotsWithContent(ctx.db, contentHash)) > 0) return 0;
  return removeScreenshotFiles(createUploadStore(ctx.config, ctx.db), variants);
}

/** What a screenshot operation needs: the database, where uploads go, and who is acting. */
export type ScreenshotContext = Pick<AdminContext, "db" | "config" | "actor">;

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
  const actor = commandActor(ctx);
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
      new Date(),
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

export async function addScreenshot(
  ctx: AdminContext,
  file: string,
  options: { page: string; position: string; alt?: string },
  limits: UploadLimits = defaultUploadLimits,
): Promise<ExitCode> {
  const { out } = ctx;
  const added = await uploadScreenshot(ctx, { image: { file }, ...options }, limits);
  if (!added.ok) return fail(out, added.message);
  const { record, files } = added.value;
  printLine(
    out,
    `Added screenshot ${record.id} at position ${record.position} on ${record.page}: ` +
      `${record.imageUrl} (${record.width}×${record.height}, ${plural(files, "file")}).`,
  );
  if (record.altText === null) printLine(out, "Tip: --alt TEXT describes the image for screen readers.");
  return exitCodes.ok;
}

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
      ...commandActor(ctx),
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

export async function moveScreenshot(
  ctx: AdminContext,
  idText: string,
  options: { position: string },
): Promise<ExitCode> {
  const { out } = ctx;
  const moved = await moveScreenshotTo(ctx, idText, options.position);
  if (!moved.ok) return fail(out, moved.message);
  const { record, from } = moved.value;
  if (from === record.position) {
    printLine(out, `Screenshot ${record.id} is already at position ${record.position} on ${record.page}.`);
    return exitCodes.ok;
  }
  printLine(
    out,
    `Moved screenshot ${record.id} on ${record.page} from position ${from} to ${record.position}.`,
  );
  return exitCodes.ok;
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
    ...commandActor(ctx),
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

export async function removeScreenshot(ctx: AdminContext, idText: string): Promise<ExitCode> {
  const { out } = ctx;
  const removed = await deleteScreenshot(ctx, idText);
  if (!removed.ok) return fail(out, removed.message);
  const { record, files } = removed.value;
  const said =
    files.kind === "none"
      ? "it had no uploaded files"
      : files.kind === "shared"
        ? "kept its files: another screenshot shows the same image"
        : `deleted ${plural(files.count, "file")}`;
  printLine(out, `Removed screenshot ${record.id} (position ${record.position} on ${record.page}); ${said}.`);
  return exitCodes.ok;
}

/** The uploaded screenshots of each service page, in position order (the workspace's list). */
export async function listScreenshotPages(
  db: Db,
): Promise<{ pages: Array<{ page: ServicePage; screenshots: ScreenshotRecord[] }>; maxPosition: number }> {
  const records = (await listAllServiceScreenshotRows(db)).map(toScreenshotRecord);
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

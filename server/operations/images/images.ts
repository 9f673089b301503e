import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { ScreenshotVariant } from "#server/db/screenshots.ts";
import type { UploadStore } from "#server/files/uploaded-files.ts";
import {
  defaultUploadLimits,
  UPLOADS_URL_PATH,
  uploadContentTypes,
  type UploadLimits,
} from "#server/platform/uploads.ts";

/**
 * Uploaded screenshots: checked (type by content, size, pixel count), converted to
 * responsive AVIF and WebP files named by their content, kept in the upload store: the
 * data volume on SQLite, the database on PostgreSQL (docs/decisions/005-uploaded-screenshots.md).
 */

export type ImageType = "png" | "jpeg" | "webp" | "avif";

const typeNames: Record<ImageType, string> = { png: "PNG", jpeg: "JPEG", webp: "WebP", avif: "AVIF" };
/** sharp's name for each accepted type's decoder (AVIF is read by libheif). */
const sharpFormats: Record<ImageType, string> = { png: "png", jpeg: "jpeg", webp: "webp", avif: "heif" };

export { defaultUploadLimits, type UploadLimits } from "#server/platform/uploads.ts";

/** Wide enough for a full-width showcase on a large screen at 1×, and phones at 2-3×. */
export const SCREENSHOT_WIDTHS = [640, 1280, 1920] as const;

/**
 * What to make of an upload: where its files go and at which widths, and, for a picture
 * that must have one shape (a link card's 1200×630), the shape it is cropped to.
 */
export type ImageRecipe = {
  folder: "screenshots" | "content";
  widths: readonly number[];
  aspect?: { width: number; height: number };
};

export const screenshotRecipe: ImageRecipe = { folder: "screenshots", widths: SCREENSHOT_WIDTHS };

/** Part of the content hash: change it when the output changes, so new files get new names. */
const recipeKey = (recipe: ImageRecipe) =>
  recipe.folder === "screenshots"
    ? "screenshot-v1 webp:q80 avif:q50 widths:640,1280,1920"
    : `content-v1 webp:q80 avif:q50 widths:${recipe.widths.join(",")}${
        recipe.aspect ? ` crop:${recipe.aspect.width}x${recipe.aspect.height}` : ""
      }`;

/** An upload the CLI refuses; the message is the one line it prints. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString("latin1");

/** The image type from the file's first bytes, whatever its name says. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && bytes.length >= 16) {
    // ISO-BMFF: a major brand, then compatible brands to the end of the ftyp box. HEIC
    // uses the same container, so only an AVIF brand counts.
    const boxEnd = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

function describeFileError(file: string, error: unknown): string {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  const reason =
    code === "ENOENT"
      ? "no such file"
      : code === "EACCES" || code === "EPERM"
        ? "permission denied"
        : code === "EISDIR"
          ? "it is a directory"
          : error instanceof Error
            ? error.message
            : String(error);
  return `cannot read ${file}: ${reason}`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

// Bytes too, since a file just over the limit rounds to the limit in megabytes.
const tooLarge = (file: string, size: number, limits: UploadLimits) =>
  new ImageRejectedError(
    `${file} is ${megabytes(size)} (${size} bytes), over the ${megabytes(limits.maxBytes)} limit`,
  );

export type ImageUpload = { file: string; bytes: Buffer; type: ImageType };

/** Reads a file the admin named, refusing what is too big or not an accepted image. */
export async function readImageUpload(file: string, limits = defaultUploadLimits): Promise<ImageUpload> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImageRejectedError(`cannot read ${file}: not a regular file`);
    size = info.size;
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(describeFileError(file, error));
  }
  // Checked before reading, so a huge file is never loaded into memory.
  if (size > limits.maxBytes) {
    throw tooLarge(file, size, limits);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new ImageRejectedError(describeFileError(file, error));
  }
  // Checked again: the file may have grown between the check and the read.
  return checkImageBytes(file, bytes, limits);
}

/** An upload's bytes (a file read, or a request's body), refused if too big or not an accepted image. */
export function checkImageBytes(file: string, bytes: Buffer, limits = defaultUploadLimits): ImageUpload {
  if (bytes.length > limits.maxBytes) throw tooLarge(file, bytes.length, limits);
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejectedError(`${file} is not a PNG, JPEG, WebP or AVIF image`);
  return { file, bytes, type };
}

export type ProcessedScreenshot = {
  contentHash: string;
  /** AVIF and WebP at each width, smallest first. */
  variants: ScreenshotVariant[];
  /** The largest WebP: the row's image_url and size. */
  largest: ScreenshotVariant;
};

/** The widths to make for an image `width` pixels wide: the standard ones below it, then its own (capped). */
export function variantWidths(width: number, widths: readonly number[] = SCREENSHOT_WIDTHS): number[] {
  const largest = Math.min(width, Math.max(...widths));
  return [...widths.filter((candidate) => candidate < largest), largest];
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** Loaded on first use: most commands never touch an image, and loading sharp takes a noticeable moment. */
async function loadSharp() {
  return (await import("sharp")).default;
}

/**
 * Converts an upload to `<folder>/<hash>-<width>.avif|webp` in the upload store (served
 * under UPLOADS_URL_PATH at the same path). Each file is stored whole (a rename on disk,
 * one row in the database), so the server, which lets browsers cache these URLs forever,
 * never serves half a file.
 */
export async function createImageVariants(
  upload: ImageUpload,
  store: UploadStore,
  recipe: ImageRecipe,
  limits = defaultUploadLimits,
): Promise<ProcessedScreenshot> {
  const sharp = await loadSharp();
  const input = { limitInputPixels: limits.maxPixels, autoOrient: true };
  let width: number;
  try {
    // Reading the header decodes no pixels, so it runs without the limit in order to
    // name the size in the message; every decode below enforces the limit itself.
    const meta = await sharp(upload.bytes, { limitInputPixels: false }).metadata();
    if (meta.width * meta.height > limits.maxPixels) {
      const megapixels = limits.maxPixels / 1_000_000;
      throw new ImageRejectedError(
        `${upload.file} is ${meta.width}×${meta.height} pixels; the limit is ${megapixels} megapixels`,
      );
    }
    if (meta.format !== sharpFormats[upload.type]) {
      throw new ImageRejectedError(`${upload.file} is not a valid ${typeNames[upload.type]} image`);
    }
    width = meta.autoOrient.width;
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(`${upload.file} could not be read as an image: ${firstLine(error)}`);
  }

  const contentHash = createHash("sha256")
    .update(recipeKey(recipe))
    .update(upload.bytes)
    .digest("hex")
    .slice(0, 16);
  const variants: ScreenshotVariant[] = [];
  for (const target of variantWidths(width, recipe.widths)) {
    for (const format of ["avif", "webp"] as const) {
      const name = `${recipe.folder}/${contentHash}-${target}.${format}`;
      let encoded;
      try {
        // A cropped shape fills its box from the middle; a short picture is stretched to fill it.
        const pipeline = sharp(upload.bytes, input).resize(
          recipe.aspect
            ? {
                width: target,
                height: Math.round((target * recipe.aspect.height) / recipe.aspect.width),
                fit: "cover",
              }
            : { width: target, withoutEnlargement: true },
        );
        const output = format === "avif" ? pipeline.avif({ quality: 50 }) : pipeline.webp({ quality: 80 });
        encoded = await output.toBuffer({ resolveWithObject: true });
      } catch (error) {
        throw new ImageRejectedError(`${upload.file} could not be converted: ${firstLine(error)}`);
      }
      // Not the upload's fault: a full disk or an unreachable database fails the command as it is.
      await store.put(name, encoded.data, uploadContentTypes[format]);
      variants.push({
        type: uploadContentTypes[format],
        width: encoded.info.width,
        height: encoded.info.height,
        url: `${UPLOADS_URL_PATH}/${name}`,
      });
    }
  }
  const webp = variants.filter((variant) => variant.type === "image/webp");
  const largest = webp[webp.length - 1];
  if (!largest) throw new ImageRejectedError(`${upload.file} could not be converted`);
  return { contentHash, variants, largest };
}

/** A screenshot upload (`screenshots/` at the showcase's widths). */
export function createScreenshotVariants(
  upload: ImageUpload,
  store: UploadStore,
  limits = defaultUploadLimits,
): Promise<ProcessedScreenshot> {
  return createImageVariants(upload, store, screenshotRecipe, limits);
}

/**
 * Deletes an upload's files; ones already gone are fine. Only the file name of each URL
 * is used, inside the recipe's folder, and the store refuses any name it did not make.
 */
export async function removeImageFiles(
  store: UploadStore,
  urls: readonly string[],
  folder: ImageRecipe["folder"] = "screenshots",
): Promise<number> {
  let removed = 0;
  for (const url of urls) {
    if (await store.remove(`${folder}/${path.posix.basename(url)}`)) removed++;
  }
  return removed;
}

export function removeScreenshotFiles(store: UploadStore, variants: ScreenshotVariant[]): Promise<number> {
  return removeImageFiles(
    store,
    variants.map((variant) => variant.url),
  );
}

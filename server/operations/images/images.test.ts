import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScreenshotVariants,
  ImageRejectedError,
  readImageUpload,
  removeScreenshotFiles,
  sniffImageType,
  variantWidths,
} from "./images";
import { createDiskUploadStore } from "#server/files/uploaded-files.ts";
import { uploadsDirectory } from "#server/platform/uploads.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } });

/** A valid PNG claiming `width` × `height` pixels with almost no data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "images-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The data folder's store, as the admin CLI has it on SQLite. */
const diskStore = (dataDir: string) => createDiskUploadStore(uploadsDirectory(dataDir));

describe("sniffImageType", () => {
  it("recognises the four accepted types by their first bytes", async () => {
    const image = solid(8, 8);
    expect(sniffImageType(await image.clone().png().toBuffer())).toBe("png");
    expect(sniffImageType(await image.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await image.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await image.clone().avif().toBuffer())).toBe("avif");
  });

  it("refuses text, SVG, GIF, HEIC and truncated headers", async () => {
    expect(sniffImageType(Buffer.from("hello, I am a .png"))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(await solid(8, 8).gif().toBuffer())).toBeUndefined();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
    ]);
    expect(sniffImageType(heic)).toBeUndefined();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("variantWidths", () => {
  it("makes the standard widths below the original, then the original capped at 1920", () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(640)).toEqual([640]);
    expect(variantWidths(1000)).toEqual([640, 1000]);
    expect(variantWidths(1920)).toEqual([640, 1280, 1920]);
    expect(variantWidths(4000)).toEqual([640, 1280, 1920]);
  });
});

describe("readImageUpload and createScreenshotVariants", () => {
  const reject = (promise: Promise<unknown>, message: RegExp) =>
    expect(promise).rejects.toSatisfy(
      (error) => error instanceof ImageRejectedError && message.test(error.message),
    );

  it("refuses a file over the byte limit", async () => {
    const file = path.join(dir, "big.png");
    await solid(64, 64).png().toFile(file);
    await reject(
      readImageUpload(file, { maxBytes: 100, maxPixels: 1e6 }),
      /big\.png is .+ \(\d+ bytes\), over the .+ limit/,
    );
  });

  it("refuses an image with more pixels than the limit from its header alone", async () => {
    const file = path.join(dir, "bomb.png");
    writeFileSync(file, pngClaiming(20_000, 20_000));
    const upload = await readImageUpload(file);
    await reject(
      createScreenshotVariants(upload, diskStore(dir)),
      /bomb\.png is 20000×20000 pixels; the limit is 40 megapixels/,
    );
  });

  it("refuses a file with an image signature but broken data", async () => {
    const file = path.join(dir, "broken.jpg");
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("garbage")]));
    await reject(
      createScreenshotVariants(await readImageUpload(file), diskStore(dir)),
      /broken\.jpg could not be read/,
    );
  });

  it("turns the image upright and names files by content", async () => {
    const file = path.join(dir, "portrait.jpg");
    // Stored 900×600 but tagged "rotate 90°": it shows 600 wide, 900 high.
    await solid(900, 600).jpeg().withMetadata({ orientation: 6 }).toFile(file);
    const data = path.join(dir, "data");
    const first = await createScreenshotVariants(await readImageUpload(file), diskStore(data));
    expect(first.largest).toMatchObject({ type: "image/webp", width: 600, height: 900 });
    expect(first.variants.map((variant) => variant.url)).toEqual([
      `/uploads/screenshots/${first.contentHash}-600.avif`,
      `/uploads/screenshots/${first.contentHash}-600.webp`,
    ]);
    const again = await createScreenshotVariants(await readImageUpload(file), diskStore(data));
    expect(again.contentHash).toBe(first.contentHash);

    const folder = path.join(data, "uploads", "screenshots");
    expect(readdirSync(folder).sort()).toEqual([
      `${first.contentHash}-600.avif`,
      `${first.contentHash}-600.webp`,
    ]);
    expect(await removeScreenshotFiles(diskStore(data), first.variants)).toBe(2);
    expect(await removeScreenshotFiles(diskStore(data), first.variants)).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
  });
});

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDatabaseUploadStore,
  createDiskUploadStore,
  createUploadStore,
  type UploadStore,
} from "#server/files/uploaded-files.ts";
import { runCliOn as cli } from "#tests/support/cli.ts";
import { expectSucceeded } from "#tests/support/cli-expectations.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { testsRunOnPostgres } from "#tests/support/test-database.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const name = (hash: string, width: number, format: "avif" | "webp") =>
  `screenshots/${hash}-${width}.${format}`;

describe("upload stores", () => {
  let site: TestApp;
  let folder: string;
  beforeAll(async () => {
    site = await createTestApp({}, { outbox: { autoStart: false } });
    folder = mkdtempSync(path.join(tmpdir(), "upload-store-"));
  });
  afterAll(async () => {
    await site?.cleanup();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("keeps uploads in the database on PostgreSQL and on the data volume on SQLite", () => {
    const store = createUploadStore(site.config, site.db);
    if (site.database.engine === "postgres") {
      expect(store.kind).toBe("database");
    } else {
      expect(store).toMatchObject({ kind: "disk", directory: path.join(site.config.dataDir, "uploads") });
    }
  });

  const stores: Array<[string, () => UploadStore]> = [
    ["the database store", () => createDatabaseUploadStore(site.db)],
    ["the disk store", () => createDiskUploadStore(folder)],
  ];
  describe.each(stores)("%s", (_label, makeStore) => {
    const first = Buffer.from("first bytes of a content-addressed file");

    it("stores bytes and type once: a second put of the same name leaves the first copy", async () => {
      const store = makeStore();
      const file = name("0123456789abcdef", 640, "webp");
      expect(await store.get(file)).toBeUndefined();
      await store.put(file, first, "image/webp");
      await store.put(file, Buffer.from("other bytes"), "image/webp");
      const stored = await store.get(file);
      expect(stored?.contentType).toBe("image/webp");
      expect(stored?.bytes.equals(first)).toBe(true);
    });

    it("removes a file once, and says whether it was there", async () => {
      const store = makeStore();
      const file = name("fedcba9876543210", 1280, "avif");
      await store.put(file, first, "image/avif");
      expect((await store.get(file))?.contentType).toBe("image/avif");
      expect(await store.remove(file)).toBe(true);
      expect(await store.get(file)).toBeUndefined();
      expect(await store.remove(file)).toBe(false);
    });

    it("refuses names it does not make: no traversal, no other folder or type", async () => {
      const store = makeStore();
      const hostile = [
        "../site.sqlite",
        "screenshots/../../site.sqlite",
        "screenshots/..%2f..%2fsite.sqlite",
        "/etc/passwd",
        "screenshots/0123456789abcdef-640.svg",
        "other/0123456789abcdef-640.webp",
        "screenshots/.0123456789abcdef-640.webp.abc.tmp",
      ];
      for (const file of hostile) {
        await expect(store.put(file, first, "image/webp"), file).rejects.toThrow(/not an upload name/);
        expect(await store.get(file), file).toBeUndefined();
        expect(await store.remove(file), file).toBe(false);
      }
    });
  });
});

describe("uploads shared by two instances", () => {
  let first: TestApp;
  let second: TestApp;
  let images: string;

  beforeAll(async () => {
    images = mkdtempSync(path.join(tmpdir(), "upload-images-"));
    // Noise, so the files are the size of a real screenshot's rather than a few bytes. Narrower
    // than the smallest standard width: one AVIF and one WebP, as AVIF encodes slowly.
    const noise = Buffer.alloc(600 * 375 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251;
    await sharp(noise, { raw: { width: 600, height: 375, channels: 3 } })
      .png()
      .toFile(path.join(images, "shot.png"));

    first = await createTestApp({}, { outbox: { autoStart: false } });
    // PostgreSQL: the same database, but a data folder of its own (no shared disk).
    // SQLite: one machine, so the same data folder and file.
    const shared: Record<string, string> =
      first.database.engine === "postgres"
        ? { DATABASE_URL: first.database.location }
        : { DATA_DIR: first.config.dataDir, DATABASE_FILE: first.database.location };
    second = await createTestApp(shared, { outbox: { autoStart: false } });
  });
  afterAll(async () => {
    // The second first: the first one's cleanup drops the database the second is connected to.
    // The second's own cleanup drops only the scratch database it was given and never used.
    await second?.cleanup();
    await first?.cleanup();
    if (images) rmSync(images, { recursive: true, force: true });
  });

  type Shot = { id: number; imageUrl: string; variants: { url: string; width: number; type: string }[] };
  let shot: Shot;

  it("serves a screenshot uploaded through one instance from the other, byte-identical", async () => {
    const added = await cli(
      first,
      ..."screenshots add --page website-design --position 1".split(" "),
      path.join(images, "shot.png"),
    );
    expectSucceeded(added);
    const listed = await cli(second, "screenshots", "list", "--json");
    const [listedShot] = JSON.parse(listed.stdout) as Shot[];
    if (!listedShot) throw new Error(`no screenshot listed: ${listed.stdout}`);
    shot = listedShot;
    expect(shot.variants.map((variant) => `${variant.type} ${variant.width}`)).toEqual([
      "image/avif 600",
      "image/webp 600",
    ]);
    if (second.database.engine === "postgres") {
      expect(second.config.dataDir).not.toBe(first.config.dataDir);
      expect(existsSync(path.join(second.config.dataDir, "uploads"))).toBe(false);
      expect(existsSync(path.join(first.config.dataDir, "uploads"))).toBe(false);
    }

    for (const variant of shot.variants) {
      const fromFirst = await request(first.app).get(variant.url).expect(200);
      const fromSecond = await request(second.app).get(variant.url).expect(200);
      expect(Buffer.isBuffer(fromSecond.body)).toBe(true);
      expect((fromSecond.body as Buffer).equals(fromFirst.body as Buffer)).toBe(true);
      expect(fromSecond.headers["content-type"]).toBe(variant.type);
      expect(fromSecond.headers["cache-control"]).toBe(IMMUTABLE);
      expect(fromSecond.headers["content-length"]).toBe(String((fromSecond.body as Buffer).length));
      expect(fromSecond.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      if (second.database.engine === "postgres") {
        // The name holds the content hash, so it is a strong validator the same on every instance.
        expect(fromSecond.headers.etag).toBe(`"${path.posix.basename(variant.url)}"`);
        expect(fromFirst.headers.etag).toBe(fromSecond.headers.etag);
      }
      const image = await sharp(fromSecond.body as Buffer).metadata();
      expect(image).toMatchObject({ format: variant.type === "image/avif" ? "heif" : "webp" });
      expect(image.width).toBe(variant.width);
    }
    // A real screenshot's size: a stored file is whole, not a prefix.
    const largest = await request(second.app).get(shot.imageUrl).expect(200);
    expect((largest.body as Buffer).length).toBeGreaterThan(10_000);
  }, 60_000);

  it("answers HEAD with the headers and no body, and 304 to a matching If-None-Match", async () => {
    const url = shot.imageUrl;
    const full = await request(second.app).get(url).expect(200);
    const head = await request(second.app).head(url).expect(200);
    expect(head.headers["content-type"]).toBe("image/webp");
    expect(head.headers["cache-control"]).toBe(IMMUTABLE);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.body).toEqual({});

    const etag = String(full.headers.etag);
    const revalidated = await request(second.app).get(url).set("If-None-Match", etag).expect(304);
    expect(revalidated.text ?? "").toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    await request(second.app).head(url).set("If-None-Match", etag).expect(304);
    // Another file's validator does not match.
    const other = shot.variants[0]?.url ?? "";
    const changed = await request(second.app).get(other).set("If-None-Match", etag).expect(200);
    expect((changed.body as Buffer).length).toBeGreaterThan(0);
  });

  it("answers 404 in plain text for a missing name and for anything that is not an upload's name", async () => {
    const missing = [
      "/uploads/screenshots/0000000000000000-640.webp",
      "/uploads/screenshots/..%2f..%2fetc%2fpasswd",
      "/uploads/screenshots/..%2f..%2fsite.sqlite",
      "/uploads/%2e%2e/site.sqlite",
      "/uploads/..%2fsite.sqlite",
      "/uploads/screenshots/%2e%2e%2f%2e%2e%2fsite.sqlite",
      `/uploads/screenshots/${path.posix.basename(shot.imageUrl)}%00.png`,
      `/uploads/screenshots/.${path.posix.basename(shot.imageUrl)}.abc.tmp`,
      "/uploads/screenshots/",
      "/uploads/",
    ];
    for (const url of missing) {
      for (const app of [first.app, second.app]) {
        const res = await request(app).get(url);
        expect(res.status, url).toBe(404);
        expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
        expect(res.text, url).toBe("Not found");
        expect(res.headers["cache-control"], url).toBeUndefined();
      }
    }
    const post = await request(second.app).post(shot.imageUrl).send("x");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it.runIf(testsRunOnPostgres())(
    "answers a failed read in plain text, uncached, without its cause",
    async () => {
      await sql`alter table uploaded_files rename to uploaded_files_away`.execute(first.db);
      try {
        const res = await request(second.app).get(shot.imageUrl);
        expect(res.status).toBe(500);
        expect(res.headers["content-type"]).toMatch(/^text\/plain/);
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.text).toBe("Internal server error");
      } finally {
        await sql`alter table uploaded_files_away rename to uploaded_files`.execute(first.db);
      }
      await request(second.app).get(shot.imageUrl).expect(200);
    },
  );

  it("stops serving a removed screenshot on every instance", async () => {
    const removed = await cli(second, "screenshots", "remove", String(shot.id));
    expect(removed.stdout).toMatch(/deleted 2 files/);
    for (const variant of shot.variants) {
      await request(first.app).get(variant.url).expect(404);
      await request(second.app).get(variant.url).expect(404);
    }
  });
});

import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { errorCode } from "#server/db/storage-errors.ts";
import { deleteUploadedFile, insertUploadedFile, selectUploadedFile } from "#server/db/uploaded-files.ts";
import { isUploadPath, uploadContentType, uploadsDirectory } from "#server/platform/uploads.ts";

/**
 * Where uploaded files are kept (docs/decisions/005-uploaded-screenshots.md): on SQLite
 * the data volume, as files; on PostgreSQL the `uploaded_files` table, because instances
 * there often share no disk and each must serve every upload. Paths are relative to
 * /uploads (`screenshots/<hash>-<width>.webp`) and name their content, so a path once
 * written never changes: writing it again leaves the first copy as it is.
 */

export type UploadedFile = { bytes: Buffer; contentType: string };

type UploadStoreOperations = {
  /** Stores `bytes` at `name` unless something is there already (same name, same content). */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<UploadedFile | undefined>;
  /** True when a file was there to delete. */
  remove(name: string): Promise<boolean>;
};

/** The disk store says where its folder is, so the server can stream from it (express.static). */
export type UploadStore =
  | (UploadStoreOperations & { kind: "disk"; directory: string })
  | (UploadStoreOperations & { kind: "database" });

/** Names come from our own code and rows; one that is not an upload's is a bug, never a path to use. */
function checkedName(name: string): string {
  if (!isUploadPath(name)) throw new Error(`not an upload name: ${JSON.stringify(name)}`);
  return name;
}

const isMissing = (error: unknown) => errorCode(error) === "ENOENT";

/** Files under `directory`, each written under a temporary name and renamed, so no reader sees half a file. */
export function createDiskUploadStore(directory: string): UploadStore {
  const fileOf = (name: string) => path.join(directory, ...name.split("/"));
  return {
    kind: "disk",
    directory,
    async put(name, bytes) {
      const file = fileOf(checkedName(name));
      try {
        await stat(file);
        return;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      await mkdir(path.dirname(file), { recursive: true });
      // A dot name: express.static never serves it, so a crash mid-write leaves nothing visible.
      const temporary = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
      );
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(name) {
      const contentType = uploadContentType(name);
      if (!contentType) return undefined;
      try {
        return { bytes: await readFile(fileOf(name)), contentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(name) {
      if (!isUploadPath(name)) return false;
      try {
        await rm(fileOf(name));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

/** Rows of `uploaded_files`; the primary key on `path` makes a second writer of one name a no-op. */
export function createDatabaseUploadStore(db: Db): UploadStore {
  return {
    kind: "database",
    async put(name, bytes, contentType) {
      await insertUploadedFile(db, {
        path: checkedName(name),
        contentType,
        content: bytes,
        createdAt: new Date().toISOString(),
      });
    },
    async get(name) {
      if (!isUploadPath(name)) return undefined;
      const row = await selectUploadedFile(db, name);
      return row && { bytes: row.content, contentType: row.content_type };
    },
    async remove(name) {
      if (!isUploadPath(name)) return false;
      return deleteUploadedFile(db, name);
    },
  };
}

/** The database on PostgreSQL (several instances, maybe no shared disk); the data volume on SQLite. */
export function createUploadStore(config: Pick<AppConfig, "databaseUrl" | "dataDir">, db: Db): UploadStore {
  return config.databaseUrl
    ? createDatabaseUploadStore(db)
    : createDiskUploadStore(uploadsDirectory(config.dataDir));
}

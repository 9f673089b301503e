import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseOptions, type Db } from "#server/db/database.ts";
import { createScratchPostgresDatabase, testPostgresAdminUrl } from "./postgres";
import { testTotpKey } from "./totp-key";

/**
 * A fresh, empty database for one test, on the engine of the test project: a SQLite
 * file in a temporary folder, or on the `postgres` project a new PostgreSQL database.
 * `location` is what openDatabase takes; `env` what the server's configuration takes.
 */
export type ScratchDatabase = {
  location: string;
  env: Record<string, string>;
  engine: "sqlite" | "postgres";
  drop(): Promise<void>;
};

export async function createScratchDatabase(dir?: string): Promise<ScratchDatabase> {
  const adminUrl = testPostgresAdminUrl();
  if (adminUrl) {
    const database = await createScratchPostgresDatabase(adminUrl);
    return {
      location: database.url,
      // TOTP_KEY: required on PostgreSQL (docs/decisions/054-totp-secrets-at-rest.md).
      env: { DATABASE_URL: database.url, TOTP_KEY: testTotpKey },
      engine: "postgres",
      drop: database.drop,
    };
  }
  const folder = dir ?? mkdtempSync(path.join(tmpdir(), "site-db-"));
  const file = path.join(folder, "site.sqlite");
  return {
    location: file,
    env: { DATABASE_FILE: file },
    engine: "sqlite",
    async drop() {
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** True on the `postgres` test project. */
export function testsRunOnPostgres(): boolean {
  return testPostgresAdminUrl() !== undefined;
}

/**
 * A scratch database opened and migrated for one describe block: `suite.db` is there
 * from its beforeAll until its afterAll, which closes and drops it.
 */
export function useSuiteDatabase(options: DatabaseOptions = {}): { readonly db: Db } {
  let scratch: ScratchDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    db = await openDatabase(scratch.location, options);
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error("the suite's database is open only inside its tests");
      return db;
    },
  };
}

/** How many e-mails the outbox holds, whatever their state. */
export async function countOutbox(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

import { inject } from "vitest";

// The cluster itself is scripts/lib/postgres-cluster.ts (the benchmark starts one too).
export {
  createScratchPostgresDatabase,
  findPostgresBin,
  startPostgresCluster,
  type PostgresCluster,
  type ScratchPostgresDatabase,
} from "#scripts/lib/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set on the `postgres` test project (tests/support/postgres-setup.ts), else absent. */
    postgresAdminUrl: string | undefined;
  }
}

/** The cluster of the `postgres` test project, or undefined when the tests run on SQLite. */
export function testPostgresAdminUrl(): string | undefined {
  return inject("postgresAdminUrl");
}

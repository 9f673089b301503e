import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "./postgres";

/**
 * Global setup of the `postgres` test project (vitest.config.ts): one throwaway cluster
 * for the run; each test app makes its own database on it.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide("postgresAdminUrl", cluster.adminUrl);
  return () => cluster.stop();
}

/**
 * Brings the database schema up to date (the server also does this at start-up).
 *   npm run db:migrate
 */
import { databaseLocation, describeDatabase, loadConfig, ConfigError } from "#server/platform/config.ts";
import { createDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";

try {
  const config = loadConfig();
  const db = createDatabase(databaseLocation(config));
  try {
    const results = await migrateToLatest(db);
    if (results.length === 0) console.log(`${describeDatabase(config)}: already up to date`);
    for (const result of results) console.log(`${result.migrationName}: ${result.status}`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

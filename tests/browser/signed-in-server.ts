import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { addSessionCookie } from "./session-cookie";

/**
 * A server of the suite's own, started before its tests with one member of staff whose
 * session every test's browser carries; `prepare` seeds it further once it is up, with
 * its database open.
 */
export function useSignedInServer(
  staff: { email: string; role: StaffRole },
  prepare?: (server: OwnServer, db: Db) => Promise<void>,
): { readonly server: OwnServer } {
  let server: OwnServer | undefined;
  let sessionToken = "";
  test.beforeAll(async () => {
    server = await startOwnServer();
    const db = await openDatabase(
      databaseLocation(loadConfig({ NODE_ENV: "production", DATA_DIR: server.dataDir })),
    );
    try {
      const userId = await addStaff(db, staff.email, staff.role);
      sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
      await prepare?.(server, db);
    } finally {
      await db.destroy();
    }
  });
  test.afterAll(async () => server?.stop());
  test.beforeEach(async ({ context }) => addSessionCookie(context, sessionToken));
  return {
    get server() {
      if (!server) throw new Error("the suite's server runs only inside its tests");
      return server;
    },
  };
}

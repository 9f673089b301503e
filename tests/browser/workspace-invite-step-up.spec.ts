import path from "node:path";
import { createSession } from "#server/auth/sessions.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { addPasswordAccount, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { totpCode } from "./workspace-server";
import { expect, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { addSessionCookie } from "./session-cookie";

/**
 * An admin whose last proof is an hour old invites another admin (decision 048): the
 * workspace asks "Confirm it's you" and says the change is inviting an admin, the admin
 * proves with their password and authenticator code, and the invitation is made. On a
 * server of this file's own, since the invitation stays in its database.
 */

let server: OwnServer;
let db: Db;
let owner: PasswordAccount;
let ownerToken = "";

test.beforeAll(async () => {
  server = await startOwnServer();
  db = await openDatabase(path.join(server.dataDir, "site.sqlite"));
  owner = await addPasswordAccount(db, "invite-owner@agency.test", "admin");
  ownerToken = (await createSession(db, owner.id, { ip: "127.0.0.1" })).token;
  await db
    .updateTable("staff_sessions")
    .set({ proved_at: new Date(Date.now() - 60 * 60_000).toISOString() })
    .where("user_id", "=", owner.id)
    .execute();
});
test.afterAll(async () => {
  await db.destroy();
  await server.stop();
});

test.describe("inviting an admin from a session whose proof is old", () => {
  test.use({ expectedHttpErrors: ["/admin/api/users/invite"] });

  test("asks to confirm it's them, saying what the change is, then sends the invitation", async ({
    page,
    context,
  }) => {
    await addSessionCookie(context, ownerToken);
    await page.goto(`${server.url}${staffPaths.users}`);
    await waitForHydration(page);
    const invitee = "second-admin@agency.test";
    await page.getByLabel("E-mail address", { exact: true }).fill(invitee);
    await page.getByRole("radio", { name: /^Admin/ }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Inviting an admin needs your password and a code, or a passkey, from the last 5 minutes.",
    );
    await expect(dialog).not.toContainText("Changes to how you sign in");
    // Nothing is made before the proof.
    expect(await db.selectFrom("staff_invitations").select("email").execute()).toEqual([]);

    await dialog.getByLabel("Password", { exact: true }).fill(owner.password);
    await dialog.getByLabel("Authenticator code or recovery code").fill(await totpCode(owner.secret));
    await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Invitation sent")).toBeVisible();
    await expect(page.getByRole("table", { name: "Pending invitations" })).toContainText(invitee);
    const rows = await db.selectFrom("staff_invitations").select(["email", "role"]).execute();
    expect(rows).toEqual([{ email: invitee, role: "admin" }]);
  });
});

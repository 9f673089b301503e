import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { totpCode as authenticatorCode } from "#tests/support/authenticator-code.ts";
import { freePort, spawnBuiltServer } from "#scripts/lib/built-server.ts";
import { createDatabase } from "#server/db/database.ts";
import { mailFileKey } from "#server/mail/mail-files.ts";
import { REMOVED_SECRET } from "#server/mail/sent-payload.ts";
import { parseMail } from "#tests/support/mime.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import { expect, test } from "./fixtures";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A built server of the workspace tests' own, at http://localhost:PORT: WebAuthn refuses an
 * IP address as the relying party's ID, so SITE_URL and the pages use the host name.
 */
const run = promisify(execFile);

export type WorkspaceServer = {
  url: string;
  /** Invites with `site-admin users invite`, as an admin on the server does; returns the link's path. */
  invite(email: string, role: StaffRole): Promise<string>;
  /**
   * The link in the newest invitation e-mail queued for this address: from the outbox's
   * row, or once it was sent (and its token removed from the row), from the e-mail file.
   */
  invitationPath(email: string): Promise<string>;
  /** Moves every session's last proof of the account 10 minutes back, so a change needs "Confirm it's you". */
  expireProofs(email: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The spec file's workspace server: started before its first test and stopped after its
 * last, by hooks this registers; read it inside tests.
 */
export function useWorkspaceServer(): Omit<WorkspaceServer, "stop"> {
  let server: WorkspaceServer | undefined;
  test.beforeAll(async () => {
    server = await startWorkspaceServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error("the workspace server is started in beforeAll");
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    invite: (email, role) => started().invite(email, role),
    invitationPath: (email) => started().invitationPath(email),
    expireProofs: (email) => started().expireProofs(email),
  };
}

export async function startWorkspaceServer(): Promise<WorkspaceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-workspace-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawnBuiltServer({ PORT: String(port), SITE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited; run `npm run build` first");
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const db = createDatabase(path.join(dataDir, "site.sqlite"));

  async function invitationPath(email: string): Promise<string> {
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "kind", "payload"])
      .where("kind", "=", "staff-invitation")
      .orderBy("id", "desc")
      .execute();
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as { email: string; token?: string };
      if (payload.email !== email || !payload.token) continue;
      if (payload.token !== REMOVED_SECRET) return `/admin/invitation#${payload.token}`;
      const mail = parseMail(readFileSync(path.join(dataDir, "mail", `${mailFileKey(row)}.eml`), "utf8"));
      const token = /\/admin\/invitation#(\S+)/.exec(mail.text)?.[1];
      if (token) return `/admin/invitation#${token}`;
    }
    throw new Error(`no invitation e-mail for ${email}`);
  }

  return {
    url,
    invitationPath,
    async expireProofs(email) {
      const user = await db
        .selectFrom("staff_users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("staff_sessions")
        .set({ proved_at: new Date(Date.now() - 10 * 60_000).toISOString() })
        .where("user_id", "=", user.id)
        .execute();
    },
    async invite(email, role) {
      await run(process.execPath, ["build/admin/index.js", "users", "invite", email, "--role", role], {
        env: { ...process.env, DATA_DIR: dataDir, SITE_URL: url },
      });
      return invitationPath(email);
    },
    async stop() {
      await db.destroy();
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The authenticator app's code, `stepsAhead` 30-second steps from now: the server refuses a
 * step it already accepted, and allows one step of clock drift, so a second sign-in within
 * the same half minute uses the next step's code.
 */
export const totpCode = authenticatorCode;

/** Adds a passkey on the account page, from a virtual authenticator the browser keeps; waits until it is listed. */
export async function addPasskey(page: Page, name: string): Promise<void> {
  await addVirtualAuthenticator(page);
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(
    page.getByRole("table", { name: "Your passkeys" }).getByRole("cell", { name, exact: true }),
  ).toBeVisible();
}

export type Enrolled = { email: string; password: string; secret: string; recoveryCodes: string[] };

/**
 * Accepts an invitation in the browser, as a new member of staff does: after the recovery
 * codes they land on the overview; this then opens the account page, where the tests go on.
 */
export async function acceptInvitation(page: Page, link: string, email: string): Promise<Enrolled> {
  const password = "a long passphrase for tests";
  await page.goto(link);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Code from the app").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByRole("heading", { name: "Your recovery codes" }).locator("xpath=..").locator("li");
  await codes.first().waitFor();
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole("button", { name: "I’ve saved them" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
  await page.goto(new URL("/admin/account", page.url()).href);
  return { email, password, secret, recoveryCodes };
}

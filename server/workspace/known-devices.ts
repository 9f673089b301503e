import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { queueAccountNotice } from "./account-notices";
import type { WorkspaceDeps } from "./deps";
import { DEVICE_COOKIE, readWorkspaceCookie, setWorkspaceCookie } from "./sessions";
import { hashToken, newToken } from "./tokens";

/**
 * The browsers each account has signed in from. A browser is "seen" when it brings a
 * staff_device cookie (a random token, stored only as its hash) that this account signed
 * in with before: clearing cookies or a private window counts as a new browser, a new IP
 * address (a phone between networks) does not
 * (docs/decisions/032-step-up-notices-and-sessions.md).
 */

/** Browsers keep a cookie 400 days at most; a device unused that long is forgotten too. */
export const DEVICE_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Records this sign-in's browser for the account and says whether the account had signed
 * in from it before. Gives the browser a device cookie if it has none.
 */
export async function recogniseDevice(
  db: Kysely<Database>,
  req: Request,
  res: Response,
  userId: number,
  now: Date,
): Promise<"known" | "new"> {
  const brought = readWorkspaceCookie(req, DEVICE_COOKIE);
  const token = brought ?? newToken();
  const deviceHash = hashToken(token);
  await db
    .deleteFrom("staff_known_devices")
    .where("last_seen_at", "<=", new Date(now.getTime() - DEVICE_MS).toISOString())
    .execute();
  const seen = await db
    .updateTable("staff_known_devices")
    .set({ last_seen_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("device_hash", "=", deviceHash)
    .executeTakeFirst();
  // Renewed on every sign-in, so a browser in use keeps its cookie.
  setWorkspaceCookie(req, res, DEVICE_COOKIE, token, DEVICE_MS);
  if (Number(seen.numUpdatedRows) > 0) return "known";
  await db
    .insertInto("staff_known_devices")
    .values({
      user_id: userId,
      device_hash: deviceHash,
      first_seen_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute();
  return "new";
}

/**
 * After a sign-in: e-mails the account holder when the browser is new to the account.
 * With `remember`, only records the browser.
 */
export async function noticeIfNewBrowser(
  deps: Pick<WorkspaceDeps, "db" | "config" | "onQueued">,
  input: { req: Request; res: Response; user: { id: number; email: string }; remember: boolean },
  now: Date,
): Promise<void> {
  const device = await recogniseDevice(deps.db, input.req, input.res, input.user.id, now);
  if (device === "known" || input.remember) return;
  await queueAccountNotice(
    deps.db,
    {
      req: input.req,
      email: input.user.email,
      change: "new-browser-sign-in",
      siteUrl: deps.config.settings.siteUrl,
    },
    now,
  );
  deps.onQueued();
}

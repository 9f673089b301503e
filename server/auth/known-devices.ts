import type { Kysely } from "kysely";
import {
  deleteDevicesUnusedSince,
  insertKnownDevice,
  touchKnownDevice,
} from "#server/db/staff-known-devices.ts";
import type { Database } from "#server/db/schema.ts";
import { hashToken, newToken } from "./tokens";

/**
 * The browsers each account has signed in from. A browser is "seen" when it brings a
 * device token (a random token, stored only as its hash) that this account signed in with
 * before: clearing cookies or a private window counts as a new browser, a new IP address
 * (a phone between networks) does not (docs/decisions/032-step-up-notices-and-sessions.md).
 */

/** Browsers keep a cookie 400 days at most; a device unused that long is forgotten too. */
export const DEVICE_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Records this sign-in's browser for the account and says whether the account had signed
 * in from it before. Returns the device token the browser should keep: the one it brought,
 * or a new one if it had none.
 */
export async function recogniseDevice(
  db: Kysely<Database>,
  userId: number,
  brought: string | undefined,
  now: Date,
): Promise<{ device: "known" | "new"; token: string }> {
  const token = brought ?? newToken();
  const deviceHash = hashToken(token);
  await deleteDevicesUnusedSince(db, new Date(now.getTime() - DEVICE_MS));
  if (await touchKnownDevice(db, userId, deviceHash, now)) return { device: "known", token };
  await insertKnownDevice(db, userId, deviceHash, now);
  return { device: "new", token };
}

import type { Request, Response } from "express";
import { queueAccountNotice } from "#server/auth/account-notices.ts";
import { DEVICE_MS, recogniseDevice } from "#server/auth/known-devices.ts";
import type { WorkspaceDeps } from "./deps";
import { clientOf } from "./guard";
import { DEVICE_COOKIE, readWorkspaceCookie, setWorkspaceCookie } from "./session-cookie";

/**
 * After a sign-in: e-mails the account holder when the browser is new to the account.
 * With `remember`, only records the browser. The browser's device token travels in the
 * staff_device cookie, renewed on every sign-in so a browser in use keeps it.
 */
export async function noticeIfNewBrowser(
  deps: Pick<WorkspaceDeps, "db" | "config" | "onQueued">,
  input: { req: Request; res: Response; user: { id: number; email: string }; remember: boolean },
  now: Date,
): Promise<void> {
  const brought = readWorkspaceCookie(input.req, DEVICE_COOKIE);
  const { device, token } = await recogniseDevice(deps.db, input.user.id, brought, now);
  setWorkspaceCookie(input.req, input.res, DEVICE_COOKIE, token, DEVICE_MS);
  if (device === "known" || input.remember) return;
  await queueAccountNotice(
    deps.db,
    {
      client: clientOf(input.req),
      email: input.user.email,
      change: "new-browser-sign-in",
      siteUrl: deps.config.settings.siteUrl,
    },
    now,
  );
  deps.onQueued();
}

import type { BrowserContext } from "@playwright/test";

/** Signs the browser in with a session made straight in the suite's server's database. */
export async function addSessionCookie(context: BrowserContext, sessionToken: string): Promise<void> {
  await context.addCookies([
    { name: "staff_session", value: sessionToken, domain: "127.0.0.1", path: "/admin", httpOnly: true },
  ]);
}

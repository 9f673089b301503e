import type Bowser from "bowser";
import { loadLater } from "#server/platform/load-later.ts";

/** Read at sign-in only: every request checks a session, few make one. */
const bowser = loadLater<typeof Bowser>("bowser");

/**
 * A browser's name and system from its user agent, "Firefox on Android": what the
 * sessions list and the account e-mails show, and all that is stored of the user agent
 * (the raw string says more about the device than staff need to see).
 */
export function describeBrowser(userAgent: string | undefined): string {
  const agent = userAgent?.slice(0, 500).trim();
  if (!agent) return "An unknown browser";
  try {
    const parser = bowser().getParser(agent);
    const browser = parser.getBrowserName() || "An unknown browser";
    const system = parser.getOSName();
    return system ? `${browser} on ${system}` : browser;
  } catch {
    // Bowser throws on what it cannot read; the name is only for people to read.
    return "An unknown browser";
  }
}

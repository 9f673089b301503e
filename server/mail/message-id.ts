import { randomUUID } from "node:crypto";

/** A Message-ID fixed when the row is queued, so a resent message is recognisably the same one. */
export function newMessageId(siteUrl: string): string {
  return `<${randomUUID()}@${new URL(siteUrl).hostname}>`;
}

import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { findManageLink, insertManageLink } from "#server/db/appointment-manage.ts";
import { findAppointmentRequest } from "#server/db/leads.ts";
import type { AppointmentRequestRow } from "#server/db/schema.ts";
import { requestedStart } from "./appointment-times";

/**
 * The visitor's private links to their appointment (docs/decisions/062-visitor-manages-booking.md):
 * 32 random bytes, base64url, in the e-mail only; the database keeps the SHA-256. A link
 * opens one appointment's page and nothing else; a change the visitor makes retires the
 * links they had (the e-mail about the change brings a new one); it stops opening the page
 * once the meeting has started or the request is cancelled.
 */

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** After this, a link opens nothing whatever the meeting: a stray old e-mail is not a key forever. */
export const MANAGE_LINK_DAYS = 60;

export const hashManageToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link for the appointment, stored as its hash in `trx`; answers the token for the e-mail. */
export async function issueManageLink(trx: Db, appointmentId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertManageLink(trx, {
    token_hash: hashManageToken(token),
    appointment_id: appointmentId,
    created_at: now.toISOString(),
  });
  return token;
}

/** When the meeting starts (its confirmed time, else the time asked for); undefined when unreadable. */
export function startOf(row: AppointmentRequestRow): string | undefined {
  return row.scheduled_start ?? requestedStart(row.preferred_date, row.preferred_time);
}

export type ManageLinkState =
  | { state: "invalid" }
  | { state: "used" | "expired" | "cancelled"; row: AppointmentRequestRow }
  | { state: "open"; row: AppointmentRequestRow };

/** What a token opens now. Anything malformed or unknown is "invalid", never an error. */
export async function resolveManageLink(db: Db, token: string, now: Date): Promise<ManageLinkState> {
  if (!TOKEN_SHAPE.test(token)) return { state: "invalid" };
  const link = await findManageLink(db, hashManageToken(token));
  if (!link) return { state: "invalid" };
  const row = await findAppointmentRequest(db, link.appointment_id);
  if (!row || row.status === "spam" || row.suspected_spam) return { state: "invalid" };
  if (row.schedule_status === "cancelled") return { state: "cancelled", row };
  if (link.used_at) return { state: "used", row };
  const start = startOf(row);
  const ageMs = now.getTime() - Date.parse(link.created_at);
  if (!start || Date.parse(start) <= now.getTime() || ageMs > MANAGE_LINK_DAYS * 86_400_000) {
    return { state: "expired", row };
  }
  return { state: "open", row };
}

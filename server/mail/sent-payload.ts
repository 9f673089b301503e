import { STAFF_ACCOUNT_NOTICE } from "./account-notice-message";
import { OPERATIONS_ALERT } from "./alert-message";
import { STAFF_INVITATION } from "./invitation-message";
import { NEWSLETTER_CONFIRMATION } from "./newsletter-confirmation-message";
import type { OutboxKind } from "./outbox-messages";
import { FOLLOW_UP_REMINDER } from "./reminder-message";
import { ACKNOWLEDGMENT } from "./acknowledgment-message";
import { APPOINTMENT_UPDATE } from "./appointment-update-message";
import { STAFF_CHANGE_NOTICE } from "./staff-change-message";
import { WEEKLY_REPORT } from "./weekly-report-message";
import { APPOINTMENT_REMINDER } from "./appointment-reminder-message";

/**
 * What an outbox row keeps once its e-mail is sent. The payload stays readable (the
 * privacy export quotes it, staff see whom it went to), but a secret it carried for the
 * link in the e-mail is gone: a database backup must not hold a working invitation link.
 *
 * The secrets of each kind: a staff invitation's token (the invitations table keeps only
 * its hash, so the outbox copy was the last raw one); a newsletter confirmation's two
 * tokens; an appointment's acknowledgment, update and reminder: the visitor's private link
 * (docs/decisions/062-visitor-manages-booking.md). Every other kind carries none: lead
 * notifications, follow-up reminders, operations alerts, staff account notices, staff
 * change notices and weekly reports hold no link that opens anything by itself. Every kind is named here, so a new kind cannot be added without
 * saying which of its fields are secret.
 */
const secretFields: Record<OutboxKind, readonly string[]> = {
  [STAFF_INVITATION]: ["token"],
  [NEWSLETTER_CONFIRMATION]: ["confirmToken", "unsubscribeToken"],
  "website-design-lead": [],
  "web-app-lead": [],
  "appointment-request": [],
  [ACKNOWLEDGMENT]: ["manageToken"],
  [APPOINTMENT_UPDATE]: ["manageToken"],
  [APPOINTMENT_REMINDER]: ["manageToken"],
  [FOLLOW_UP_REMINDER]: [],
  [OPERATIONS_ALERT]: [],
  [STAFF_ACCOUNT_NOTICE]: [],
  [STAFF_CHANGE_NOTICE]: [],
  [WEEKLY_REPORT]: [],
};

/** Stands in for a removed secret; a string, so the stored shape still parses. */
export const REMOVED_SECRET = "(removed once sent)";

/**
 * The payload to store with the mark "sent": undefined when the kind carries no secret
 * (the row keeps its payload as it is). A payload that is not a JSON object cannot be
 * told apart, so it is emptied rather than kept whole.
 */
export function redactSentPayload(kind: string, payload: string): string | undefined {
  const fields = kind in secretFields ? secretFields[kind as OutboxKind] : [];
  if (fields.length === 0) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return "{}";
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return "{}";
  const redacted: Record<string, unknown> = { ...data };
  for (const field of fields) if (field in redacted) redacted[field] = REMOVED_SECRET;
  return JSON.stringify(redacted);
}

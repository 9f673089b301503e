import type { SendMailOptions } from "nodemailer";
import { notificationKindLabels } from "#shared/notification-kinds.ts";
import type { MailContext } from "./mail-context";
import { STAFF_ACCOUNT_NOTICE, renderStaffAccountNotice } from "./account-notice-message";
import { ACKNOWLEDGMENT, renderAcknowledgment } from "./acknowledgment-message";
import {
  agencyNotificationKinds,
  agencyNotificationSchema,
  renderAgencyNotification,
  type AgencyNotificationKind,
} from "./agency-notification-message";
import { OPERATIONS_ALERT, renderOperationsAlert } from "./alert-message";
import { APPOINTMENT_UPDATE, renderAppointmentUpdate } from "./appointment-update-message";
import { APPOINTMENT_REMINDER, renderAppointmentReminder } from "./appointment-reminder-message";
import { renderStaffInvitation, STAFF_INVITATION } from "./invitation-message";
import {
  NEWSLETTER_CONFIRMATION,
  newsletterConfirmationSchema,
  renderNewsletterConfirmation,
} from "./newsletter-confirmation-message";
import { FOLLOW_UP_REMINDER, renderFollowUpReminder } from "./reminder-message";
import { renderStaffChangeNotice, STAFF_CHANGE_NOTICE } from "./staff-change-message";
import { renderWeeklyReportMessage, WEEKLY_REPORT } from "./weekly-report-message";

/** Every e-mail the outbox sends, by the row's `kind`: one module per message builds it. */
export type OutboxKind =
  | AgencyNotificationKind
  | typeof NEWSLETTER_CONFIRMATION
  | typeof ACKNOWLEDGMENT
  | typeof APPOINTMENT_UPDATE
  | typeof APPOINTMENT_REMINDER
  | typeof FOLLOW_UP_REMINDER
  | typeof OPERATIONS_ALERT
  | typeof STAFF_INVITATION
  | typeof STAFF_ACCOUNT_NOTICE
  | typeof STAFF_CHANGE_NOTICE
  | typeof WEEKLY_REPORT;

/** Every kind has its words for the Notifications page: a kind added here without them does not compile. */
export const outboxKindLabels: Readonly<Record<OutboxKind, string>> = notificationKindLabels;

/** Turns a stored outbox row into the e-mail to send; throws if the row's data is malformed. */
export function renderOutboxMessage(kind: string, payload: string, ctx: MailContext): SendMailOptions {
  const data: unknown = JSON.parse(payload);
  if (kind === NEWSLETTER_CONFIRMATION)
    return renderNewsletterConfirmation(newsletterConfirmationSchema.parse(data), ctx);
  if (kind === ACKNOWLEDGMENT) return renderAcknowledgment(data, ctx);
  if (kind === APPOINTMENT_UPDATE) return renderAppointmentUpdate(data, ctx);
  if (kind === APPOINTMENT_REMINDER) return renderAppointmentReminder(data, ctx);
  if (kind === FOLLOW_UP_REMINDER) return renderFollowUpReminder(data, ctx);
  if (kind === OPERATIONS_ALERT) return renderOperationsAlert(data, ctx);
  if (kind === STAFF_INVITATION) return renderStaffInvitation(data, ctx);
  if (kind === STAFF_ACCOUNT_NOTICE) return renderStaffAccountNotice(data, ctx);
  if (kind === STAFF_CHANGE_NOTICE) return renderStaffChangeNotice(data, ctx);
  if (kind === WEEKLY_REPORT) return renderWeeklyReportMessage(data, ctx);
  if (kind in agencyNotificationKinds) {
    return renderAgencyNotification(
      kind as AgencyNotificationKind,
      agencyNotificationSchema.parse(data),
      ctx,
    );
  }
  throw new Error(`unknown outbox kind "${kind}"`);
}

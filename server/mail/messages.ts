/**
 * Transitional: each message now has its own module. Kept only until the site-admin and
 * lead modules import them from there (docs/decisions/034-server-layers.md).
 */
export { type AgencyNotification, type AgencyNotificationKind } from "./agency-notification-message";
export { newMessageId } from "./message-id";
export { NEWSLETTER_CONFIRMATION, type NewsletterConfirmation } from "./newsletter-confirmation-message";

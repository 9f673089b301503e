import { uiStrings } from "#shared/ui-strings.ts";

/**
 * The wording shown beside the newsletter form (requirements §2). The subscriber's row keeps the
 * exact text they agreed to and when (POPIA), so change it here and both follow.
 */
export const newsletterConsentText = "We respect your privacy. Unsubscribe at any time.";

export const newsletterMessages = {
  emailRequired: "Email is required",
  emailInvalid: uiStrings.emailInvalid,
} as const;

/** The form's one field. */
export type NewsletterField = "email";

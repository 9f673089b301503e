import { z } from "zod";
import { formatCheck } from "./field-errors";
import { cleanedText, isValidEmail } from "./rules";
import { uiStrings } from "../ui-strings";

/**
 * The wording shown beside the newsletter form (SPEC §2). The subscriber's row keeps the
 * exact text they agreed to and when (POPIA), so change it here and both follow.
 */
export const newsletterConsentText = "We respect your privacy. Unsubscribe at any time.";

export const newsletterMessages = {
  emailRequired: "Email is required",
  emailInvalid: uiStrings.emailInvalid,
} as const;

export const newsletterSchema = z.strictObject({
  // SPEC §5 asks only for a required e-mail-type field; the address must also be one
  // mailbox the confirmation can reach, as on every other form.
  email: cleanedText({
    label: "Email",
    required: newsletterMessages.emailRequired,
    invalidType: newsletterMessages.emailInvalid,
    rules: (field) => field.refine(isValidEmail, formatCheck("email", newsletterMessages.emailInvalid)),
  }),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterSignup = z.output<typeof newsletterSchema>;
export type NewsletterField = keyof NewsletterInput;

import { z } from "zod";
import { cleanedText, formLimits } from "./rules";

/**
 * The wording shown beside the newsletter form (SPEC §2). The subscriber's row keeps the
 * exact text they agreed to and when (POPIA), so change it here and both follow.
 */
export const newsletterConsentText = "We respect your privacy. Unsubscribe at any time.";

export const newsletterMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
} as const;

/** What a browser's type="email" input accepts (SPEC §5: required, of e-mail type). */
const HTML_EMAIL = z.regexes.html5Email;

export const newsletterSchema = z.strictObject({
  email: cleanedText({
    required: newsletterMessages.emailRequired,
    invalidType: newsletterMessages.emailInvalid,
    rules: (field) =>
      field
        .max(formLimits.emailMax, newsletterMessages.emailInvalid)
        .regex(HTML_EMAIL, newsletterMessages.emailInvalid),
  }),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterSignup = z.output<typeof newsletterSchema>;

import * as z from "zod/mini";
import { newsletterMessages, type NewsletterField } from "./newsletter";
import { cleanedEmail } from "./schema-parts";

export const newsletterSchema = z.strictObject({
  // requirements §5 asks only for a required e-mail-type field; the address must also be one
  // mailbox the confirmation can reach, as on every other form.
  email: cleanedEmail({
    label: "Email",
    required: newsletterMessages.emailRequired,
    invalidType: newsletterMessages.emailInvalid,
    invalid: newsletterMessages.emailInvalid,
  }),
} satisfies Record<NewsletterField, z.ZodMiniType>);

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterSignup = z.output<typeof newsletterSchema>;

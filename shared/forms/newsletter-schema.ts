import { z } from "zod";
import { formatCheck } from "./field-errors";
import { newsletterMessages, type NewsletterField } from "./newsletter";
import { isValidEmail } from "./rules";
import { cleanedText } from "./schema-parts";

export const newsletterSchema = z.strictObject({
  // SPEC §5 asks only for a required e-mail-type field; the address must also be one
  // mailbox the confirmation can reach, as on every other form.
  email: cleanedText({
    label: "Email",
    required: newsletterMessages.emailRequired,
    invalidType: newsletterMessages.emailInvalid,
    rules: (field) => field.refine(isValidEmail, formatCheck("email", newsletterMessages.emailInvalid)),
  }),
} satisfies Record<NewsletterField, z.ZodType>);

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterSignup = z.output<typeof newsletterSchema>;

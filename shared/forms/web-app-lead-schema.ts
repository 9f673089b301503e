import * as z from "zod/mini";
import { formatCheck } from "./field-errors";
import { leadMessages as m } from "./lead-messages";
import { looksLikePhoneNumber, optionValues } from "./rules";
import { cleanedText, optionalChoice, requiredLeadEmail, requiredLeadText } from "./schema-parts";
import { companySizeOptions, webAppLeadLabels } from "./web-app-lead";

const l = webAppLeadLabels;

/**
 * requirements §5 lead form rules for the web-app service page; the phone number is optional.
 * `satisfies`: the fields are exactly the labels' keys, so neither can lack one the other has.
 */
export const webAppLeadSchema = z.strictObject({
  fullName: requiredLeadText(l.fullName),
  workEmail: requiredLeadEmail(l.workEmail),
  phoneNumber: z.optional(
    cleanedText({
      label: l.phoneNumber,
      invalidType: m.invalidType(l.phoneNumber),
      rules: (field) =>
        field.check(
          z.refine(
            (value) => value === "" || looksLikePhoneNumber(value),
            formatCheck("phone", m.invalidPhone(l.phoneNumber)),
          ),
        ),
    }),
  ),
  companyName: requiredLeadText(l.companyName),
  industry: z.optional(cleanedText({ label: l.industry, invalidType: m.invalidType(l.industry) })),
  companySize: optionalChoice(optionValues(companySizeOptions), m.invalidChoice(l.companySize)),
} satisfies Record<keyof typeof l, z.ZodMiniType>);

export type WebAppLeadInput = z.input<typeof webAppLeadSchema>;
export type WebAppLead = z.output<typeof webAppLeadSchema>;

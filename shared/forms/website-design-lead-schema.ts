import { z } from "zod";
import { formatCheck } from "./field-errors";
import { leadMessages as m } from "./lead-messages";
import { isValidEmail, optionValues } from "./rules";
import { cleanedText, optionalChoice } from "./schema-parts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "./website-design-lead";

const l = websiteDesignLeadLabels;

/**
 * SPEC §5 lead form rules for the website-design service page; unknown fields are refused.
 * `satisfies`: the fields are exactly the labels' keys, so neither can lack one the other has.
 */
export const websiteDesignLeadSchema = z.strictObject({
  fullName: cleanedText({
    label: l.fullName,
    required: m.required(l.fullName),
    invalidType: m.invalidType(l.fullName),
  }),
  companyName: cleanedText({
    label: l.companyName,
    required: m.required(l.companyName),
    invalidType: m.invalidType(l.companyName),
  }),
  businessEmail: cleanedText({
    label: l.businessEmail,
    required: m.required(l.businessEmail),
    invalidType: m.invalidType(l.businessEmail),
    rules: (field) => field.refine(isValidEmail, formatCheck("email", m.invalidEmail(l.businessEmail))),
  }),
  websiteType: optionalChoice(optionValues(websiteTypeOptions), m.invalidChoice(l.websiteType)),
  budget: optionalChoice(optionValues(budgetOptions), m.invalidChoice(l.budget)),
  timeline: optionalChoice(optionValues(timelineOptions), m.invalidChoice(l.timeline)),
} satisfies Record<keyof typeof l, z.ZodType>);

export type WebsiteDesignLeadInput = z.input<typeof websiteDesignLeadSchema>;
export type WebsiteDesignLead = z.output<typeof websiteDesignLeadSchema>;

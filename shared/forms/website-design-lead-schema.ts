import * as z from "zod/mini";
import { leadMessages as m } from "./lead-messages";
import { optionValues } from "./rules";
import { optionalChoice, requiredLeadEmail, requiredLeadText } from "./schema-parts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "./website-design-lead";

const l = websiteDesignLeadLabels;

/**
 * requirements §5 lead form rules for the website-design service page; unknown fields are refused.
 * `satisfies`: the fields are exactly the labels' keys, so neither can lack one the other has.
 */
export const websiteDesignLeadSchema = z.strictObject({
  fullName: requiredLeadText(l.fullName),
  companyName: requiredLeadText(l.companyName),
  businessEmail: requiredLeadEmail(l.businessEmail),
  websiteType: optionalChoice(optionValues(websiteTypeOptions), m.invalidChoice(l.websiteType)),
  budget: optionalChoice(optionValues(budgetOptions), m.invalidChoice(l.budget)),
  timeline: optionalChoice(optionValues(timelineOptions), m.invalidChoice(l.timeline)),
} satisfies Record<keyof typeof l, z.ZodMiniType>);

export type WebsiteDesignLeadInput = z.input<typeof websiteDesignLeadSchema>;
export type WebsiteDesignLead = z.output<typeof websiteDesignLeadSchema>;

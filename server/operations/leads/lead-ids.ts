import { leadIdPrefixes } from "./lead-records";

/** The two lead forms, as the CLI names them (`--type`, and the ids' prefixes `wd-` and `wa-`). */
export const leadTypes = ["website-design", "web-app"] as const;
export type LeadType = (typeof leadTypes)[number];

/** "wd-12" → the website-design lead 12; false when it is not a lead id at all. */
export function parseLeadId(text: string): { type: LeadType; id: number } | false {
  const match = /^([a-z]+)-([1-9]\d{0,15})$/.exec(text);
  const type = leadTypes.find((candidate) => leadIdPrefixes[candidate] === match?.[1]);
  if (!match || !type) return false;
  return { type, id: Number(match[2]) };
}

export const invalidLeadId = (text: string) =>
  `invalid lead id "${text}": expected wd-<number> or wa-<number>`;

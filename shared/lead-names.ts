import type { InboxForm } from "./inbox";

/**
 * How staff name a lead, a request or a meeting in a sentence: by the person and the form
 * ("Thandi Nkosi's website design enquiry"), with the id ("wd-12") only as a detail.
 */

/** What each form's submission is called in a sentence. */
export const inboxFormNouns: Record<InboxForm, string> = {
  "website-design": "website design enquiry",
  "web-app": "web app enquiry",
  appointment: "appointment request",
};

/** "Thandi Nkosi's website design enquiry". */
export function nameLead(person: string, form: InboxForm): string {
  return `${person}'s ${inboxFormNouns[form]}`;
}

const formsByPrefix: Record<string, InboxForm> = { wd: "website-design", wa: "web-app", ap: "appointment" };

/** The form an inbox id ("wd-12", "wa-3", "ap-7") comes from; undefined for any other text. */
export function formOfInboxId(id: string): InboxForm | undefined {
  const prefix = /^([a-z]{2})-\d+$/.exec(id)?.[1];
  return prefix === undefined ? undefined : formsByPrefix[prefix];
}

/** "Website design enquiry": the form's noun at the start of a line. */
export function leadKind(form: InboxForm): string {
  const noun = inboxFormNouns[form];
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/**
 * The id as the quiet detail staff may quote ("Reference wd-12"): the only way the
 * workspace shows it. The word comes first so a reader knows what the code is.
 */
export function leadReference(id: string): string {
  return `Reference ${id}`;
}

import { mayUse, someoneOfRole, staffRoles, type StaffRole, type WorkspaceArea } from "./staff-roles";
import type { SettingsKey } from "./site-settings-fields";

/**
 * Who may change which site setting (docs/decisions/068-roles-that-fit.md), said once: the
 * settings operation refuses by it, whichever door saves (the form, History's restore),
 * and the settings page shows by it which fields a member of staff may change.
 *
 * - contact: what visitors read as the agency's contact details, its links and map;
 *   editors (marketing) and admins.
 * - admin: admins only; the brand name (the site's e-mails are sent under it) and the
 *   meeting place (the meetings are sales' and admins', like the booking calendar, 060).
 * - mail-route: admins only, with a proof from the last 5 minutes (decision 048): where
 *   lead e-mails go, and the address the site's e-mails are sent from.
 */
export type SettingsFieldAccess = "contact" | "admin" | "mail-route";

/** `what` names the field in a refusal: "Only an admin can change where lead e-mails go." */
type FieldRule = { access: SettingsFieldAccess; what: string };

const contact = (what: string): FieldRule => ({ access: "contact", what });

const senderRule: FieldRule = { access: "mail-route", what: "the address the site’s e-mails are sent from" };

const fieldRules: Record<SettingsKey, FieldRule> = {
  brandName: { access: "admin", what: "the brand name: the site’s e-mails are sent under it" },
  // The contact e-mail is the sender while MAIL_FROM is unset (README, decision 048).
  email: contact("the contact e-mail"),
  phone: contact("the phone number"),
  street: contact("the street address"),
  suburb: contact("the street address"),
  city: contact("the street address"),
  region: contact("the street address"),
  postalCode: contact("the street address"),
  mapUrl: contact("the map"),
  mapEmbedUrl: contact("the map"),
  linkedinUrl: contact("the LinkedIn page"),
  agencyInbox: { access: "mail-route", what: "where lead e-mails go" },
  meetingPlace: { access: "admin", what: "where meetings are held" },
};

/** Whether the contact e-mail also sends the site's e-mails: MAIL_FROM is unset. */
export type MailSender = { contactEmailSends: boolean };

function ruleOf(key: SettingsKey, sender: MailSender): FieldRule {
  return key === "email" && sender.contactEmailSends ? senderRule : fieldRules[key];
}

export function settingsFieldAccess(key: SettingsKey, sender: MailSender): SettingsFieldAccess {
  return ruleOf(key, sender).access;
}

/** The workspace area a role needs to change a field of this access. */
const areaFor: Record<SettingsFieldAccess, WorkspaceArea> = {
  contact: "contact",
  admin: "settings",
  "mail-route": "settings",
};

/** "an admin", "an editor or an admin": the roles given an area, from the role table. */
function rolesGiven(area: WorkspaceArea): string {
  const names = staffRoles.filter((role) => mayUse(role, area)).map((role) => someoneOfRole[role]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "nobody");
}

/** "Only an admin can change where lead e-mails go." */
export function settingsRefusal(key: SettingsKey, sender: MailSender): string {
  const rule = ruleOf(key, sender);
  const who = rolesGiven(areaFor[rule.access]);
  return `Only ${who} can change ${rule.what}.`;
}

/** The fields this role may not change, each with the sentence that says so; empty for an admin. */
export function settingsLockedFor(role: StaffRole, sender: MailSender): Partial<Record<SettingsKey, string>> {
  const locked: Partial<Record<SettingsKey, string>> = {};
  for (const key of Object.keys(fieldRules) as SettingsKey[]) {
    if (!mayUse(role, areaFor[ruleOf(key, sender).access])) locked[key] = settingsRefusal(key, sender);
  }
  return locked;
}

/** The strictest access among changed fields: a save is judged by its most sensitive change. */
export function strictestAccess(
  keys: readonly SettingsKey[],
  sender: MailSender,
): SettingsFieldAccess | undefined {
  const order: SettingsFieldAccess[] = ["mail-route", "admin", "contact"];
  const found = new Set(keys.map((key) => settingsFieldAccess(key, sender)));
  return order.find((access) => found.has(access));
}

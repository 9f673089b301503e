import { AGENCY_TIME_ZONE } from "#shared/agency-time-zone.ts";
import { isAuditAction, type AuditAction } from "#shared/audit-actions.ts";
import { contentKindSpecs } from "#shared/content-fields.ts";
import { contentKinds, type ContentKind } from "#shared/content-fields.ts";
import { copyPages } from "#shared/copy/copy-pages.ts";
import { inboxFormNouns, formOfInboxId, nameLead } from "#shared/lead-names.ts";
import { settingsFieldOf } from "#shared/site-settings-fields.ts";
import { snippetPages } from "#shared/snippet-pages.ts";

/**
 * The audit log in sentences (docs/decisions/074-audit-log-in-sentences.md): "Thandi made
 * sipho@agency.test an admin". People are named by their address, items by their names.
 * A sentence reads only the detail fields it names, so nothing else a detail holds (and
 * nothing secret ever should) reaches the page.
 */

/** One entry as stored, with the names the query found for its target. */
export type AuditSentenceInput = {
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  /** The target's name, looked up with the page: a lead's person, an item's title. */
  targetName?: string | null;
  /** For a restore: when the version it brought back was saved, looked up with the page. */
  restoredFrom?: string | null;
};

/** The number in a restore's note, "Restored revision 4" (server/operations/history/history.ts). */
export function restoredRevisionOf(detail: Record<string, unknown> | null): number | undefined {
  const match = typeof detail?.note === "string" ? /^Restored revision (\d+)$/.exec(detail.note) : null;
  return match ? Number(match[1]) : undefined;
}

/** Where each kind of save keeps its revisions, from its audit entry's target: "home" → "page:home". */
export function revisionTargetOf(action: string, target: string | null): string | undefined {
  if (action === "settings.update") return "settings";
  if (!target) return undefined;
  if (action === "copy.publish") return `page:${target}`;
  if (action === "snippet.save") return `snippet:${target}`;
  if (action === "content.update") return target;
  return undefined;
}

const when = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: AGENCY_TIME_ZONE,
});

/** "3 Dec 2026, 10:00" in the agency's time; "an unknown time" for anything that is not a time. */
function timeInWords(value: unknown): string {
  const instant = typeof value === "string" || typeof value === "number" ? new Date(value) : undefined;
  return instant && !Number.isNaN(instant.getTime()) ? when.format(instant) : "an unknown time";
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Who did it, as the sentence begins: an address, the command line or scheduled publishing. */
export function actorInWords(actor: string): string {
  if (actor.startsWith("cli:")) return "Someone at the command line";
  if (actor.startsWith("system:")) return "Scheduled publishing";
  if (actor === "(no address)" || !actor.trim()) return "Someone";
  return actor;
}

const roleWords: Record<string, string> = { admin: "an admin", editor: "an editor", sales: "a sales person" };
const roleInWords = (role: unknown) => roleWords[String(role)] ?? "a member of staff";

const statusWords: Record<string, string> = {
  new: "new",
  contacted: "contacted",
  qualified: "qualified",
  won: "won",
  lost: "lost",
  spam: "spam",
};

const failureWords: Record<string, string> = {
  "wrong-password": "the password was wrong",
  "wrong-code": "the code was wrong",
  "wrong-recovery-code": "the recovery code was wrong",
  "wrong-password-or-code": "the password or code was wrong",
  "wrong-passkey": "the passkey was not recognised",
};

/** The sign-in's method as auth-routes.ts records it. */
const signInWays: Record<string, string> = {
  "password+totp": " with a password and code",
  "password+recovery-code": " with a password and a recovery code",
  passkey: " with a passkey",
  invitation: " for the first time, from an invitation",
};

/** A lead, request or meeting by its person and form: "Jane Doe's website design enquiry". */
function leadInWords(target: string | null, person: string | null | undefined): string {
  const form = target ? formOfInboxId(target) : undefined;
  if (!form) return "a lead";
  if (person) return nameLead(person, form);
  return `${withArticle(inboxFormNouns[form])} that is no longer kept`;
}

/** "an item", "a news post". */
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;

function isContentKind(value: string): value is ContentKind {
  return (contentKinds as readonly string[]).includes(value);
}

/** "the news post “Launch week”", from "news/<slug>" and the item's title when it still exists. */
function itemInWords(target: string | null, title: string | null | undefined): string {
  const [kind, ...rest] = (target ?? "").split("/");
  const slug = rest.join("/");
  const noun = kind && isContentKind(kind) ? contentKindSpecs[kind].one : "item";
  const name = title ?? (slug ? slug.replace(/-/g, " ") : undefined);
  return name ? `the ${noun} “${name}”` : withArticle(noun);
}

/** "the Home page", from a page's name ("home"). */
function pageInWords(page: string | null): string {
  if (page && page in copyPages) return `the ${copyPages[page as keyof typeof copyPages].label} page`;
  if (page && page in snippetPages)
    return `the ${snippetPages[page as keyof typeof snippetPages].title} page`;
  return page ? `the ${page.replace(/-/g, " ")} page` : "a page";
}

/** "Contact e-mail and Phone", from the settings' field keys. */
function settingsInWords(changed: unknown): string {
  const labels = Array.isArray(changed)
    ? changed.map((key) => settingsFieldOf(String(key))?.label).filter((label): label is string => !!label)
    : [];
  if (labels.length === 0) return "the site settings";
  const lower = labels.map((label) => (label === "LinkedIn page" ? label : label.toLowerCase()));
  const list = lower.length === 1 ? lower[0] : `${lower.slice(0, -1).join(", ")} and ${lower.at(-1)}`;
  return `the ${list}`;
}

const screenshotPage = (detail: Record<string, unknown>) => {
  const page = text(detail.page);
  return page ? ` on ${pageInWords(page)}` : "";
};

type Parts = {
  who: string;
  target: string | null;
  detail: Record<string, unknown>;
  name: string | null | undefined;
};

/** One writer per action: the type makes a listed action without a sentence a compile error. */
const writers: Record<AuditAction, (parts: Parts) => string> = {
  "session.sign-in": ({ who, detail }) => `${who} signed in${signInWays[String(detail.method)] ?? ""}`,
  "sign-in.failed": ({ who, detail }) => {
    const why = failureWords[String(detail.reason)];
    const as = who === "Someone" ? "A sign-in without an address" : `A sign-in as ${who}`;
    return why ? `${as} failed: ${why}` : `${as} failed`;
  },
  "sign-in.slowed": ({ who, detail }) => {
    const seconds = count(detail.retryAfterSeconds);
    const wait = seconds === undefined ? "" : ` for ${waitInWords(seconds)}`;
    return `Sign-ins as ${who === "Someone" ? "an unknown address" : who} were paused${wait} after too many tries`;
  },
  "session.sign-out": ({ who }) => `${who} signed out`,
  "session.step-up": ({ who, detail }) =>
    `${who} confirmed it was them${detail.method === "passkey" ? " with a passkey" : " with their password and a code"}`,
  "session.end": ({ who }) => `${who} signed out one of their other sessions`,
  "session.sign-out-everywhere": ({ who, detail }) => {
    const n = count(detail.sessions);
    return `${who} signed out everywhere else${n === undefined ? "" : ` (${plural(n, "session")})`}`;
  },
  "user.invite": ({ who, target, detail }) =>
    `${who} invited ${target ?? "someone"} to join as ${roleInWords(detail.role)}`,
  "staff.invitation-resent": ({ who, target }) =>
    `${who} sent the invitation to ${target ?? "someone"} again`,
  "staff.invitation-revoked": ({ who, target }) => `${who} withdrew the invitation to ${target ?? "someone"}`,
  "invitation.accept": ({ who }) => `${who} accepted their invitation and set up their sign-in`,
  "staff.role-changed": ({ who, target, detail }) => {
    const was = detail.from ? ` (was ${roleInWords(detail.from)})` : "";
    return `${who} made ${target ?? "someone"} ${roleInWords(detail.to)}${was}`;
  },
  "user.disable": ({ who, target }) => `${who} disabled ${target ?? "someone"}’s account`,
  "user.enable": ({ who, target }) => `${who} enabled ${target ?? "someone"}’s account again`,
  "user.reset": ({ who, target }) =>
    `${who} reset how ${target ?? "someone"} signs in and sent them a new invitation`,
  "account.password-change": ({ who }) => `${who} changed their password`,
  "account.authenticator-replace": ({ who }) => `${who} replaced their authenticator app`,
  "passkey.add": ({ who, detail }) => {
    const name = text(detail.name);
    return name ? `${who} added the passkey “${name}”` : `${who} added a passkey`;
  },
  "passkey.remove": ({ who }) => `${who} removed a passkey`,
  "recovery-codes.replace": ({ who }) => `${who} made new recovery codes`,
  "settings.update": ({ who, detail }) => `${who} changed ${settingsInWords(detail.changed)}`,
  "availability.update": ({ who }) => `${who} changed the hours open for meetings`,
  "lead.status": ({ who, target, detail, name }) => {
    const to = statusWords[String(detail.to)];
    const lead = leadInWords(target, name);
    return to ? `${who} marked ${lead} as ${to}` : `${who} changed the status of ${lead}`;
  },
  "lead.assigned": ({ who, target, detail, name }) => {
    const lead = leadInWords(target, name);
    const to = text(detail.to);
    if (!to) return `${who} left ${lead} without an owner`;
    return to === who ? `${who} took ${lead}` : `${who} gave ${lead} to ${to}`;
  },
  "lead.read": ({ who, target, detail, name }) =>
    `${who} marked ${leadInWords(target, name)} as ${detail.read === false ? "unread" : "read"}`,
  "lead.release": ({ who, target, name }) =>
    formOfInboxId(target ?? "")
      ? `${who} released ${leadInWords(target, name)} from the spam hold`
      : `${who} released a held-back sign-up from the spam hold`,
  "lead.purge": ({ who, detail }) => {
    const n = count(detail.deleted);
    const what = n === undefined ? "held-back submissions" : plural(n, "held-back submission");
    return detail.before
      ? `${who} deleted ${what} held since before ${timeInWords(detail.before)}`
      : `${who} deleted ${what}`;
  },
  "appointment.confirm": ({ who, target, detail, name }) =>
    `${who} confirmed ${leadInWords(target, name)} for ${timeInWords(detail.start)}`,
  "appointment.reschedule": ({ who, target, detail, name }) =>
    `${who} moved the meeting of ${leadInWords(target, name)} to ${timeInWords(detail.start)}`,
  "appointment.cancel": ({ who, target, name }) =>
    `${who} cancelled the meeting of ${leadInWords(target, name)}`,
  "appointment.place": ({ who, target, name }) =>
    `${who} set where the meeting of ${leadInWords(target, name)} takes place`,
  "appointment.override": ({ who, target, detail, name }) => {
    const reason = text(detail.reason);
    const over = `${who} booked ${leadInWords(target, name)} over another meeting`;
    return reason ? `${over}, because “${reason}”` : over;
  },
  "calendar-feed.make": ({ who, target }) =>
    target && target !== who
      ? `${who} made a calendar feed for ${target}`
      : `${who} made their calendar feed`,
  "calendar-feed.revoke": ({ who, target }) =>
    target && target !== who
      ? `${who} turned off ${target}’s calendar feed`
      : `${who} turned off their calendar feed`,
  "copy.draft": ({ who, target }) => `${who} saved a draft of ${pageInWords(target)}`,
  "copy.publish": ({ who, target }) => `${who} published changes to ${pageInWords(target)}`,
  "copy.preview-link": ({ who, target }) => `${who} made a preview link for ${pageInWords(target)}`,
  "copy.preview-revoke": ({ who, target }) => `${who} withdrew a preview link for ${pageInWords(target)}`,
  "snippet.save": ({ who, target }) => `${who} changed how ${pageInWords(target)} shows in search results`,
  "content.create": ({ who, target, name }) => `${who} added ${itemInWords(target, name)}`,
  "content.update": ({ who, target, name }) => `${who} changed ${itemInWords(target, name)}`,
  "content.move": ({ who, target, name }) => `${who} moved ${itemInWords(target, name)} in the list`,
  "content.remove": ({ who, target, name }) => `${who} removed ${itemInWords(target, name)}`,
  "content.publish": ({ who, target, name }) => `${who} published ${itemInWords(target, name)}`,
  "content.unpublish": ({ who, target, name }) => `${who} took ${itemInWords(target, name)} off the site`,
  "content.schedule": ({ who, target, detail, name }) =>
    `${who} scheduled ${itemInWords(target, name)} to go live on ${timeInWords(detail.publishAt)}`,
  "content.unschedule": ({ who, target, name }) =>
    `${who} stopped ${itemInWords(target, name)} from going live on its own`,
  "content.feature": ({ who, target, name }) =>
    `${who} pinned ${itemInWords(target, name)} above the other news`,
  "content.unfeature": ({ who, target, name }) => `${who} unpinned ${itemInWords(target, name)}`,
  "content.preview-link": ({ who, target, name }) =>
    `${who} made a preview link for ${itemInWords(target, name)}`,
  "content.preview-revoke": ({ who, target, name }) =>
    `${who} withdrew a preview link for ${itemInWords(target, name)}`,
  "news-category.add": ({ who, target }) => `${who} added the news category “${categoryOf(target)}”`,
  "news-category.rename": ({ who, target, detail }) =>
    `${who} renamed the news category “${text(detail.from) ?? "?"}” to “${categoryOf(target)}”`,
  "news-category.remove": ({ who, target }) => `${who} removed the news category “${categoryOf(target)}”`,
  "screenshot.add": ({ who, detail }) => `${who} added a screenshot${screenshotPage(detail)}`,
  "screenshot.move": ({ who, detail }) => `${who} moved a screenshot${screenshotPage(detail)}`,
  "screenshot.remove": ({ who, detail }) => `${who} removed a screenshot${screenshotPage(detail)}`,
  "privacy.erase": ({ who }) => `${who} erased a person’s details at their request`,
  "privacy.sweep": ({ who }) => `${who} deleted records older than the site keeps them`,
  "notification.retry": ({ who }) => `${who} tried sending a notification e-mail again`,
  "insights.weekly-report-send": ({ who }) => `${who} sent the weekly e-mail`,
};

function categoryOf(target: string | null): string {
  return (target ?? "").replace(/^news-category\//, "") || "?";
}

function waitInWords(seconds: number): string {
  if (seconds < 90) return plural(Math.max(1, Math.round(seconds)), "second");
  return plural(Math.round(seconds / 60), "minute");
}

/** What a restore brought back, by the action of the save it made. */
const restoredSubjects: Partial<Record<string, (parts: Parts) => string>> = {
  "copy.publish": ({ target }) => pageInWords(target),
  "snippet.save": ({ target }) => `how ${pageInWords(target)} shows in search results`,
  "settings.update": () => "the site settings",
  "content.update": ({ target, name }) => itemInWords(target, name),
};

/** The entry as a sentence; an action this version does not know still reads as one. */
export function auditSentence(entry: AuditSentenceInput): string {
  const parts: Parts = {
    who: actorInWords(entry.actor),
    target: entry.target,
    detail: entry.detail ?? {},
    name: entry.targetName,
  };
  const restored = restoredRevisionOf(entry.detail);
  const subject = restoredSubjects[entry.action];
  if (restored !== undefined && subject) {
    const version = entry.restoredFrom
      ? `the version of ${timeInWords(entry.restoredFrom)}`
      : `its revision ${restored}`;
    return `${parts.who} restored ${subject(parts)} to ${version}.`;
  }
  if (isAuditAction(entry.action)) return `${writers[entry.action](parts)}.`;
  return `${parts.who} made a change this version of the workspace does not describe.`;
}

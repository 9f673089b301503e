/**
 * Every action the audit log records, in groups a person looks for them by
 * (docs/decisions/074-audit-log-in-sentences.md). `recordAudit` takes only these, so a new
 * kind of change cannot be written without being listed here, given a group and (in
 * server/operations/audit/audit-sentences.ts) a sentence.
 */
export const auditGroups = [
  {
    key: "sign-ins",
    label: "Sign-ins",
    actions: [
      "session.sign-in",
      "sign-in.failed",
      "sign-in.slowed",
      "session.sign-out",
      "session.step-up",
      "session.end",
      "session.sign-out-everywhere",
    ],
  },
  {
    key: "accounts",
    label: "Accounts and roles",
    actions: [
      "user.invite",
      "staff.invitation-resent",
      "staff.invitation-revoked",
      "invitation.accept",
      "staff.role-changed",
      "user.disable",
      "user.enable",
      "user.reset",
    ],
  },
  {
    key: "own-sign-in",
    label: "Passwords and passkeys",
    actions: [
      "account.password-change",
      "account.authenticator-replace",
      "passkey.add",
      "passkey.remove",
      "recovery-codes.replace",
    ],
  },
  {
    key: "settings",
    label: "Settings",
    actions: ["settings.update", "availability.update"],
  },
  {
    key: "leads",
    label: "Leads",
    actions: ["lead.status", "lead.assigned", "lead.read", "lead.release", "lead.purge"],
  },
  {
    key: "meetings",
    label: "Meetings",
    actions: [
      "appointment.confirm",
      "appointment.reschedule",
      "appointment.cancel",
      "appointment.place",
      "appointment.override",
      "calendar-feed.make",
      "calendar-feed.revoke",
    ],
  },
  {
    key: "content",
    label: "Pages and posts",
    actions: [
      "copy.draft",
      "copy.publish",
      "copy.preview-link",
      "copy.preview-revoke",
      "snippet.save",
      "content.create",
      "content.update",
      "content.move",
      "content.remove",
      "content.publish",
      "content.unpublish",
      "content.schedule",
      "content.unschedule",
      "content.feature",
      "content.unfeature",
      "content.preview-link",
      "content.preview-revoke",
      "news-category.add",
      "news-category.rename",
      "news-category.remove",
      "screenshot.add",
      "screenshot.move",
      "screenshot.remove",
    ],
  },
  {
    key: "privacy",
    label: "Privacy and e-mails",
    actions: ["privacy.erase", "privacy.sweep", "notification.retry", "insights.weekly-report-send"],
  },
] as const;

export type AuditGroup = (typeof auditGroups)[number];
export type AuditGroupKey = AuditGroup["key"];
export type AuditAction = AuditGroup["actions"][number];

/** Every action, each once. */
export const auditActions: readonly AuditAction[] = auditGroups.flatMap((group) => group.actions);

export const auditGroupKeys = auditGroups.map((group) => group.key) as [AuditGroupKey, ...AuditGroupKey[]];

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

/** The person filter's value for every change made on the command line (actors "cli:<account>"). */
export const COMMAND_LINE_PERSON = "command-line";
/** The person filter's value for scheduled publishing, which acts on its own. */
export const SCHEDULED_PUBLISHING_PERSON = "scheduled-publishing";

/** One entry as the workspace shows it: a sentence, with when and from where as details. */
export type AuditEntryView = {
  id: number;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string | null;
  sentence: string;
};

/** Who the person filter offers: staff who appear in the log, and the command line. */
export type AuditPerson = { value: string; label: string };

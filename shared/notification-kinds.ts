/**
 * What each kind of e-mail the site sends is called on the Notifications page ("the
 * “Meeting reminder” e-mail"): the stored kind ("appointment-reminder") is for programs.
 * server/mail/outbox-messages.ts checks that every kind it sends has its words here.
 */
export const notificationKindLabels = {
  "website-design-lead": "New website design enquiry",
  "web-app-lead": "New web app enquiry",
  "appointment-request": "New appointment request",
  "newsletter-confirmation": "Newsletter confirmation",
  acknowledgment: "Thank you to the visitor",
  "appointment-update": "Meeting invitation or change",
  "appointment-reminder": "Meeting reminder",
  "follow-up-reminder": "Follow-up reminder",
  "operations-alert": "Undelivered e-mail alert",
  "staff-invitation": "Workspace invitation",
  "staff-account-notice": "Sign-in or account notice",
  "staff-change-notice": "Account or settings change notice",
  "weekly-report": "Weekly report",
} as const;

/** The kind in words; a kind no list knows (written by a newer version) as it is stored. */
export function notificationKindLabel(kind: string): string {
  return (notificationKindLabels as Record<string, string>)[kind] ?? kind;
}

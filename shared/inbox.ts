/**
 * The staff inbox's vocabulary, shared by the Leads API (server/workspace/lead-routes.ts)
 * and its pages: the forms a lead comes from, the follow-up statuses, and the shapes the
 * API answers with.
 */

/** Where staff are with a lead (docs/decisions/020-lead-follow-up.md); every one starts "new". */
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatusName = (typeof leadStatuses)[number];

export const inboxForms = ["website-design", "web-app", "appointment"] as const;
export type InboxForm = (typeof inboxForms)[number];

export const inboxFormLabels: Record<InboxForm, string> = {
  "website-design": "Website design",
  "web-app": "Web app",
  appointment: "Appointment",
};

export const INBOX_PAGE_SIZE = 50;

/** Why a bot trap held a submission back, in words: the lead's page and the CSV export say the same. */
const suspectedSpamReasons: Record<string, string> = {
  honeypot: "the hidden field was filled in",
  "too-fast": "sent too fast after the form opened",
};

/** "the hidden field was filled in"; a reason no list knows as it is stored. */
export function suspectedSpamReason(reason: string): string {
  return suspectedSpamReasons[reason] ?? reason;
}

/** "Yes: the hidden field was filled in", or "No" when no trap held it back. */
export function suspectedSpamWords(reason: string | null): string {
  return reason === null ? "No" : `Yes: ${suspectedSpamReason(reason)}`;
}

export type InboxItem = {
  /** "wd-12", "wa-3" as the CLI lists leads; "ap-7" for appointment request 7. */
  id: string;
  form: InboxForm;
  name: string;
  company: string | null;
  email: string;
  receivedAt: string;
  read: boolean;
  status: LeadStatusName;
  suspected: boolean;
  /** Who answers it; null while nobody is assigned. */
  owner: StaffRef | null;
  /**
   * The inbox id of the first enquiry this one repeats (sent again from the same form with
   * other answers, or from the same address within a day); null when it is a first.
   */
  repeatOf: string | null;
};

/** A lead's place among repeats, for its page: the first it repeats, or the repeats of it. */
export type RepeatInfo = {
  first: { id: string; createdAt: string } | null;
  repeats: { id: string; createdAt: string }[];
};

/** A member of staff as a lead names them (owner, reader): a disabled account keeps its leads. */
export type StaffRef = { email: string; disabled: boolean };

/** What happened to a lead besides its status: who assigned it to whom, who read it. */
export type ActivityEntry =
  | { kind: "assigned"; from: string | null; to: string | null; by: string; at: string }
  | { kind: "read" | "unread"; by: string; at: string };

/** Another submission from the same address: a lead, an appointment request or a newsletter subscription. */
export type SamePersonEntry = {
  kind: InboxForm | "subscription";
  /** The inbox id ("wd-12", "ap-7"), which its page is named by; a subscription's own number. */
  id: string;
  createdAt: string;
  status: string;
};

/** A member of staff a lead can be assigned to: an active sales or admin account. */
export type AssignableStaff = { id: number; email: string; role: string };

export type InboxPage = { items: InboxItem[]; total: number; page: number; pageSize: number };

export type HistoryEntry = {
  status: LeadStatusName;
  note: string | null;
  changedBy: string;
  changedAt: string;
};

/** A notification e-mail as listed (without its payload). */
export type NotificationItem = {
  id: number;
  kind: string;
  /** The kind in words (shared/notification-kinds.ts), as the page shows it. */
  what: string;
  status: "pending" | "sent" | "dead";
  /** Who the message is about: the visitor's name and address, or the subscriber's address. */
  about: string;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

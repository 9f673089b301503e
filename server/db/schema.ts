import type { ColumnType, Insertable, Selectable } from "kysely";
import type { DbBoolean } from "./dialect";
import type { ContentStatus } from "#shared/content-fields.ts";

/** ISO 8601 UTC text (`Date#toISOString`): sorts as text and reads the same in SQLite and PostgreSQL. */
export type Timestamp = string;

/**
 * Why a submission was held back as likely spam (the bot trap it tripped), or null.
 * Held submissions are stored like any other but the agency is not e-mailed until an
 * admin releases them.
 */
export type SuspectedSpam = "honeypot" | "too-fast";

/** An id the database assigns; never written by the application. */
type Id = ColumnType<number, never, never>;

/**
 * Where staff are with a lead or appointment request (shared/inbox.ts); every
 * one starts "new". Written by staff (workspace or CLI), never by a submission.
 */
export type LeadStatus = "new" | "contacted" | "qualified" | "won" | "lost" | "spam";

/** The follow-up columns every lead table has (migration 0011). */
type FollowUpColumns = {
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  /** Why, in staff's words; null when no note was given. */
  status_note: ColumnType<string | null, string | null | undefined>;
  /** Who set the status (`--by`, else the account that ran the command); null while new. */
  status_by: ColumnType<string | null, string | null | undefined>;
  status_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  /** When the agency was reminded the lead was still new; set once, by the claim that queued it. */
  reminded_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  /** The staff_users.id who answers it (sales or admin); null while unassigned (migration 0019). */
  owner_id: ColumnType<number | null, number | null | undefined>;
  /** Who marked it read and when: null while unread, or when the command line marked it (0019). */
  read_by: ColumnType<number | null, number | null | undefined>;
  read_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

/** Where a lead came from (migration 0021), set from the form's submission. */
export type SourceColumnName = keyof StoredSourceColumns;

/** Where a lead came from (migration 0021); each null when the visitor's browser did not say. */
type StoredSourceColumns = {
  /** The path of the page the form was sent from. */
  source_page: ColumnType<string | null, string | null | undefined>;
  /** The path the visit began on, without its query string. */
  landing_page: ColumnType<string | null, string | null | undefined>;
  /** The host of the site that sent the visitor (no path, no query). */
  referrer_host: ColumnType<string | null, string | null | undefined>;
  utm_source: ColumnType<string | null, string | null | undefined>;
  utm_medium: ColumnType<string | null, string | null | undefined>;
  utm_campaign: ColumnType<string | null, string | null | undefined>;
  utm_term: ColumnType<string | null, string | null | undefined>;
  utm_content: ColumnType<string | null, string | null | undefined>;
  /** "gclid" or "fbclid": which paid campaign's click id `click_id` holds. */
  click_id_kind: ColumnType<string | null, string | null | undefined>;
  click_id: ColumnType<string | null, string | null | undefined>;
};

/**
 * Whether the visit a lead was sent in was counted (migration 0033): 1 or 0, null for
 * the leads stored before the check (docs/decisions/058-one-name-per-source.md).
 */
type VisitCounted = {
  visit_counted: ColumnType<number | null, number | null | undefined, number | null>;
};

/**
 * Whether staff have read it: 0 or 1 in SQLite, false or true in PostgreSQL (read it with
 * fromDbBoolean). Every row starts unread; appointment_requests since requirements §3, the lead
 * tables since migration 0016.
 */
type ReadMark = ColumnType<DbBoolean | boolean, DbBoolean, DbBoolean>;

/**
 * How a submission is told apart from one sent again (migration 0039,
 * docs/decisions/067-one-lead-per-form.md); both null on rows stored before.
 */
type RepeatColumns = {
  /** A hash of the start field of the form it was sent from: one per served form. */
  form_token: ColumnType<string | null, string | null | undefined, never>;
  /**
   * A hash of the form's start field and the answers: unique, so the same answers from the
   * same served form are stored once.
   */
  submission_key: ColumnType<string | null, string | null | undefined, never>;
  /** The id, in the same table, of the first submission this one repeats; null for a first one. */
  repeat_of: ColumnType<number | null, number | null | undefined, never>;
};

/** The columns that tell a repeat from a first submission; never from the form's fields. */
export type RepeatColumnName = keyof RepeatColumns;

/** Columns staff and the server set after a submission; never from the form. */
export type FollowUpColumnName =
  | keyof FollowUpColumns
  | "schedule_status"
  | "scheduled_start"
  | "scheduled_minutes"
  | "calendar_sequence"
  | "meeting_place"
  | "reminded_start";

export type WebsiteDesignLeadTable = FollowUpColumns &
  StoredSourceColumns &
  VisitCounted &
  RepeatColumns & {
    id: Id;
    full_name: string;
    company_name: string;
    business_email: string;
    website_type: string | null;
    budget: string | null;
    timeline: string | null;
    suspected_spam: ColumnType<SuspectedSpam | null, SuspectedSpam | null | undefined>;
    created_at: Timestamp;
    read: ReadMark;
  };

export type WebAppLeadTable = FollowUpColumns &
  StoredSourceColumns &
  VisitCounted &
  RepeatColumns & {
    id: Id;
    full_name: string;
    work_email: string;
    phone_number: string | null;
    company_name: string;
    industry: string | null;
    company_size: string | null;
    suspected_spam: ColumnType<SuspectedSpam | null, SuspectedSpam | null | undefined>;
    created_at: Timestamp;
    read: ReadMark;
  };

/** requirements §3 appointment_requests, plus id and created_at. */
export type AppointmentRequestTable = FollowUpColumns &
  StoredSourceColumns &
  VisitCounted &
  RepeatColumns & {
    id: Id;
    name: string;
    email: string;
    phone: string;
    company: string | null;
    service_type: string;
    preferred_date: string;
    preferred_time: string;
    project_details: string;
    read: ReadMark;
    suspected_spam: ColumnType<SuspectedSpam | null, SuspectedSpam | null | undefined>;
    created_at: Timestamp;
    /** Null while only requested; "confirmed" or "cancelled" once staff ran the command. */
    schedule_status: ColumnType<ScheduleStatus | null, ScheduleStatus | null | undefined>;
    /** The confirmed start (ISO instant), null until confirmed. */
    scheduled_start: ColumnType<Timestamp | null, Timestamp | null | undefined>;
    scheduled_minutes: ColumnType<number | null, number | null | undefined>;
    /** The calendar SEQUENCE last sent: 0 for the staff's tentative event, +1 per update. */
    calendar_sequence: ColumnType<number, number | undefined>;
    /** Where this meeting is ("studio" or an https link); null: the site's default place. */
    meeting_place: ColumnType<string | null, string | null | undefined>;
    /** The start the visitor's reminder was sent for; null: none sent. */
    reminded_start: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  };

export type ScheduleStatus = "confirmed" | "cancelled";

/** Where a newsletter sign-up is, in the order it moves; `subscribers list --status` takes these. */
export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export type NewsletterSubscriberTable = {
  id: Id;
  /** Lower-cased, so one person has one row. */
  email: string;
  status: SubscriberStatus;
  confirm_token: string;
  unsubscribe_token: string;
  /** The exact wording the subscriber agreed to (POPIA). */
  consent_text: string;
  consented_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  suspected_spam: ColumnType<SuspectedSpam | null, SuspectedSpam | null | undefined>;
  created_at: Timestamp;
};

/** pending: queued or retrying; sent; dead: given up (the metrics report each). */
export const outboxStatuses = ["pending", "sent", "dead"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export type OutboxTable = {
  id: Id;
  kind: string;
  /** JSON of the message's data; rendered into an e-mail when it is sent. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  /** When the row may next be tried; a worker pushes it forward while it holds the row. */
  next_attempt_at: Timestamp;
  /** The worker holding the row's lease (`host:pid:random`); null when none does. */
  lease_owner: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** When its last attempt failed for good; null unless dead (and for rows dead before migration 0013). */
  dead_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

export type ServiceScreenshotTable = {
  id: Id;
  service_page: string;
  /** 1-based; unique per page. */
  position: number;
  image_url: string;
  alt_text: string | null;
  width: number;
  height: number;
  created_at: Timestamp;
  /** JSON `ScreenshotVariant[]`: the upload's responsive files; null for rows the CLI did not upload. */
  variants: string | null;
  /** Names the upload's files (content-addressed): removing a row keeps files another row still uses. */
  content_hash: string | null;
};

/** One row, rewritten by each readiness check (server/http/health.ts). */
export type ReadinessProbeTable = {
  id: number;
  checked_at: Timestamp;
};

/** A fixed-window rate-limit counter shared by every instance (server/db/rate-limits.ts). */
export type RateLimitHitsTable = {
  /** The limiter's name and the client's key, e.g. `website-design:accepted:203.0.113.7`. */
  key: string;
  hits: number;
  reset_at: Timestamp;
};

/** A value every instance must agree on and the first one to start makes (the form secret). */
export type InstanceSecretTable = {
  name: string;
  value: string;
  created_at: Timestamp;
};

/** An uploaded file, for instances that share no disk (server/files/uploaded-files.ts). */
export type UploadedFileTable = {
  /** Under /uploads, e.g. `screenshots/3f2a…-640.webp`. */
  path: string;
  content_type: string;
  content: Buffer;
  created_at: Timestamp;
};

/**
 * A project, news post or case study (server/db/content-items.ts): the item's fields as a
 * JSON document, checked against its schema in shared/content-types.ts.
 */
export type ContentItemTable = {
  /** "projects", "news" or "case-studies". */
  kind: string;
  /** The item's slug, unique per kind. */
  id: string;
  /** 1-based order on its page; renumbered on every add, move and remove. */
  position: number;
  /** Visitors see published items only. */
  status: ContentStatus;
  /** JSON of the item without its id (and, for projects, without the timestamps below). */
  document: string;
  /** A news post's category, as in its document, for the news pages' filter; null for other kinds. */
  category: string | null;
  /** 1 for a news post with a body, which has a page of its own; 0 otherwise. */
  has_article: number;
  /** A draft's publish time (ISO, UTC): it is scheduled, and publishes on its own then; null otherwise. */
  publish_at: ColumnType<string | null, string | null | undefined>;
  /** 1 for a news post pinned above the others; 0 otherwise. */
  featured: ColumnType<number, number | undefined>;
  /** A news post's date, as in its document, for the news pages' order; null for other kinds. */
  news_date: ColumnType<string | null, string | null | undefined>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One row (id 1): how many times what pages show has changed (server/db/content-revision.ts). */
export type ContentRevisionTable = {
  id: number;
  revision: number;
  changed_at: Timestamp;
};

/** One change of a lead's status, kept for who did what when (server/db/lead-follow-up.ts). */
export type LeadStatusChangeTable = {
  id: Id;
  lead_table: "website_design_leads" | "web_app_leads" | "appointment_requests";
  lead_row_id: number;
  status: LeadStatus;
  note: string | null;
  changed_by: string;
  changed_at: Timestamp;
};

/** The last acknowledgment sent to an address (lower-cased), shared by every instance. */
export type AcknowledgedAddressTable = {
  email: string;
  acknowledged_at: Timestamp;
};

/** Acknowledgments sent for one client in its current 24-hour window. */
export type AcknowledgmentCountTable = {
  /** A keyed hash of the client's IP address (base64url HMAC-SHA-256), never the address (0031). */
  client_key: string;
  count: number;
  window_started_at: Timestamp;
};

/**
 * A periodic job one instance at a time runs, with its holder: a lease of seconds the
 * holder renews while alive (server/jobs/leased-job.ts). When the job runs is in job_runs.
 */
export type SchedulerLeaseTable = {
  name: string;
  /** `host:pid:nonce`, as outbox leases (server/mail/outbox-lease.ts). */
  owner: string;
  lease_until: Timestamp;
};

/** When a scheduled job last ran and next is due, whichever instance holds its lease. */
export type JobRunTable = {
  name: string;
  last_run_at: Timestamp;
  next_run_at: Timestamp;
};

/** The text a workspace form saved by itself, per item and person (docs/decisions/065-never-lose-work.md). */
export type EditorDraftTable = {
  /** As revisions name it: "page:home", "news/<id>". */
  target: string;
  /** The staff e-mail address, as the audit log names people. */
  author: string;
  /** JSON of the form's values as typed, unchecked: never shown to visitors. */
  document: string;
  saved_at: Timestamp;
};

/** Who had an item's form open lately (docs/decisions/066-concurrent-editing.md). */
export type EditorPresenceTable = {
  target: string;
  author: string;
  seen_at: Timestamp;
};

/**
 * One five-minute cell of the agency's calendar claimed by an appointment: a pending
 * request's hold (until `expires_at`) or a confirmed meeting. (cell, lane) is the primary
 * key, so a cell is claimed once in the calendar's lane 0; an admin's override uses the
 * appointment's id as its lane (docs/decisions/060-availability-and-slot-claims.md).
 */
export type AppointmentSlotClaimTable = {
  cell: Timestamp;
  lane: ColumnType<number, number | undefined>;
  appointment_id: number;
  kind: SlotClaimKind;
  expires_at: Timestamp | null;
};

export type SlotClaimKind = "hold" | "meeting";

/** An availability rule by name (server/operations/meetings/availability.ts), as text. */
export type AvailabilityRuleTable = {
  name: string;
  value: string;
  updated_at: Timestamp;
};

/** One data subject's erasure (server/db/personal-data.ts): the proof, without the address. */
export type ErasureTable = {
  id: Id;
  /** SHA-256 (hex) of the address, trimmed and lower-cased. */
  address_hash: string;
  erased_at: Timestamp;
  rows_erased: number;
  mail_files_erased: number;
  /** JSON of the rows erased per table. */
  details: string;
};

/** A condition that alerts (server/alerts/incidents.ts), and whether an incident of it is open. */
export type AlertIncidentTable = {
  /** "dead-mail" or "queue-stalled". */
  name: string;
  /** When the open incident began; null while none is open. */
  opened_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  /** When the last incident ended. */
  closed_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  /** dead-mail: the newest death an incident has alerted about; later ones are news. */
  covered_until: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

/** A member of staff who signs in to /admin (docs/decisions/027-staff-authentication.md). */
export type StaffUserTable = {
  id: Id;
  /** Trimmed and lower-cased. */
  email: string;
  /** "admin", "editor" or "sales" (server/auth/staff.ts). */
  role: string;
  /** scrypt, with its parameters and salt (server/auth/passwords.ts); null until set. */
  password_hash: ColumnType<string | null, string | null | undefined>;
  /** The TOTP secret (base32); null until the second factor is enrolled. */
  totp_secret: ColumnType<string | null, string | null | undefined>;
  /** The TOTP time step last accepted: codes of it and earlier steps are refused (migration 0015). */
  totp_last_step: ColumnType<number | null, number | null | undefined>;
  /** When the account last completed a sign-in (migration 0015). */
  last_sign_in_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  disabled_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
  created_at: Timestamp;
  /** Whether an admin gets the weekly e-mail: on (1, true) until they turn it off (migration 0034). */
  weekly_report: ColumnType<DbBoolean | boolean, DbBoolean | undefined, DbBoolean>;
  /** The Monday ("YYYY-MM-DD") of the last week the weekly e-mail went to this account for; null: never. */
  weekly_report_week: ColumnType<string | null, string | null | undefined>;
};

/** A one-time link that creates (or, after a reset, re-creates) an account's sign-in. */
export type StaffInvitationTable = {
  /** SHA-256 (hex) of the token in the link. */
  token_hash: string;
  email: string;
  role: string;
  /** Who sent it: a staff e-mail address, or "cli:<user>". */
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

export type StaffPasskeyTable = {
  /** The credential id, base64url. */
  credential_id: string;
  user_id: number;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<number, number | undefined>;
  /** JSON array of the authenticator's transports, as the browser reported them. */
  transports: ColumnType<string | null, string | null | undefined>;
  name: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

export type StaffRecoveryCodeTable = {
  id: Id;
  user_id: number;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

export type StaffSessionTable = {
  /** SHA-256 (hex) of the cookie's token. */
  token_hash: string;
  user_id: number;
  /** Sent back in X-CSRF-Token on every state-changing request. */
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute expiry; the idle one is counted from last_seen_at. */
  expires_at: Timestamp;
  ip: ColumnType<string | null, string | null | undefined>;
  /** The browser's name and system ("Firefox on Android"), never the raw user agent (migration 0018 on). */
  user_agent: ColumnType<string | null, string | null | undefined>;
  /** When the session last proved who is using it: sign-in or "Confirm it's you" (migration 0018). */
  proved_at: ColumnType<Timestamp | null, Timestamp | null | undefined>;
};

/** A browser an account has signed in from: the SHA-256 of its staff_device cookie (migration 0018). */
export type StaffKnownDeviceTable = {
  id: Id;
  user_id: number;
  device_hash: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
};

/** A sign-in step in progress: a passkey challenge, or a password awaiting its second factor. */
export type StaffAuthFlowTable = {
  /** SHA-256 (hex) of the flow cookie's token. */
  token_hash: string;
  kind: string;
  user_id: ColumnType<number | null, number | null | undefined>;
  challenge: ColumnType<string | null, string | null | undefined>;
  /** JSON the step carries (a pending TOTP secret during enrolment). */
  data: ColumnType<string | null, string | null | undefined>;
  attempts: ColumnType<number, number | undefined>;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** Every change made in the workspace or by the CLI: who, what, when, from where. */
export type AuditLogTable = {
  id: Id;
  at: Timestamp;
  /** A staff e-mail address, or "cli:<user>". */
  actor: string;
  /** The client's IP, or "cli". */
  ip: string;
  /** e.g. "lead.status", "content.publish", "user.invite". */
  action: string;
  target: ColumnType<string | null, string | null | undefined>;
  /** JSON of what changed. */
  detail: ColumnType<string | null, string | null | undefined>;
};

/** The one row of the site settings staff edit (server/db/site-settings.ts). */
export type SiteSettingsTable = {
  /** Always 1. */
  id: number;
  /** JSON of the whole document (shared/site-settings-fields.ts EditableSettings). */
  document: string;
  updated_at: Timestamp;
};

/** One saved state of something visitors read (server/db/history.ts). */
export type RevisionTable = {
  id: Id;
  /** What was saved: "settings", "page:<name>", or a content item as "<kind>/<id>". */
  target: string;
  /** JSON of the whole of it as saved. */
  document: string;
  /** A staff e-mail address, or "cli:<user>", as the audit log names them. */
  actor: string;
  saved_at: Timestamp;
  /** Why it was saved, when not an edit: "Restored revision 12". */
  note: ColumnType<string | null, string | null | undefined>;
};

/** A news category editors choose from (server/db/news-categories.ts). */
export type NewsCategoryTable = {
  id: Id;
  /** As staff typed it, and as posts and pages show it: "Web Development". */
  name: string;
  /** The name in lower case: unique, so no two categories differ only in case. */
  name_key: string;
  /** Its page's address under /news/category/. */
  slug: string;
  created_at: Timestamp;
};

/** A renamed category's old page address, answered with a redirect to its new one. */
export type NewsCategoryRedirectTable = {
  old_slug: string;
  slug: string;
};

/** A page's search snippet as staff saved it (server/db/page-snippets.ts); no row: the page's own. */
export type PageSnippetTable = {
  /** The page's name, as the workspace and the CLI name it: "home", "website-design". */
  page: string;
  /** JSON of the snippet: its description and social image, each optional. */
  document: string;
  updated_at: Timestamp;
  /** A staff e-mail address, or "cli:<user>", as the audit log names them. */
  updated_by: string;
};

/** A page's copy as staff saved it (server/db/page-copy.ts); no row: the shipped copy. */
export type PageCopyTable = {
  page: string;
  /** JSON of the copy visitors see; null: the shipped copy. */
  published: ColumnType<string | null, string | null | undefined>;
  /** JSON of an unpublished draft, shown only through a preview link. */
  draft: ColumnType<string | null, string | null | undefined>;
  updated_at: Timestamp;
  updated_by: string;
};

/** A visitor's private link to manage their appointment (server/db/appointment-manage.ts). */
export type AppointmentManageLinkTable = {
  id: Id;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  appointment_id: number;
  created_at: Timestamp;
  /** When a change the visitor made retired it; null: still opens the page. */
  used_at: ColumnType<string | null, string | null | undefined>;
};

/** A preview link (server/db/preview-links.ts): only its token's hash is kept. */
export type PreviewLinkTable = {
  id: Id;
  /** SHA-256 of the token, hex: a page finds the link by it; the token itself is never stored. */
  token_hash: string;
  /** What it shows, as revisions name it: "page:home", "news/<id>". */
  target: string;
  /** JSON of what it shows, as it was when the link was made: the link is pinned to it. */
  document: string;
  created_at: Timestamp;
  /** A staff e-mail address, or "cli:<user>", as the audit log names them. */
  created_by: string;
  expires_at: Timestamp;
  revoked_at: ColumnType<string | null, string | null | undefined>;
  revoked_by: ColumnType<string | null, string | null | undefined>;
};

/** A member of staff's calendar feed (migration 0037): only its token's hash is kept. */
export type CalendarFeedTable = {
  /** One feed per account: the staff_users.id whose feed it is. */
  staff_user_id: number;
  /** SHA-256 of the token, hex: the feed's address is found by it; the token itself is never stored. */
  token_hash: string;
  /** "own": the meetings the account takes; "all": every meeting (admins only). */
  scope: string;
  created_at: Timestamp;
  /** A staff e-mail address, or "cli:<user>", as the audit log names them. */
  created_by: string;
};

/** Page views and visits in one UTC hour for one combination of dimensions ('' is "none"). */
export type PageViewCountTable = {
  /** The hour's start, "YYYY-MM-DDTHH" in UTC. */
  hour: string;
  path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  /** "gclid" or "fbclid" when the landing URL carried a paid click's id; never its value. */
  click_id_kind: string;
  /** "phone", "tablet" or "desktop", by the window's width. */
  device: string;
  views: number;
  /** Views that were a visitor's first of the day. */
  visits: number;
};

/** The random salt of one day's visitor hashes; deleted when the day is over. */
export type VisitorSaltTable = {
  /** "YYYY-MM-DD" in UTC. */
  day: string;
  salt: string;
};

/** A visitor already counted on a day, by hash only; deleted with the day's salt. */
export type VisitorSeenTable = {
  day: string;
  visitor_hash: string;
};

/**
 * A value the page-view counts keep apart on a day, in one of the dimension's numbered
 * slots (docs/decisions/049-bounded-counting.md); deleted once the day is past.
 */
export type PageViewValueTable = {
  /** "YYYY-MM-DD" in UTC. */
  day: string;
  /** A column of page_view_counts, or "combination" for a whole row's key (its hour too). */
  dimension: string;
  /** 0 up to the dimension's cap, exclusive. */
  slot: number;
  /** The value; for "combination", a hash of the row's key. */
  value: string;
};

export type Database = {
  website_design_leads: WebsiteDesignLeadTable;
  web_app_leads: WebAppLeadTable;
  appointment_requests: AppointmentRequestTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  outbox: OutboxTable;
  service_screenshots: ServiceScreenshotTable;
  readiness_probe: ReadinessProbeTable;
  rate_limit_hits: RateLimitHitsTable;
  instance_secrets: InstanceSecretTable;
  uploaded_files: UploadedFileTable;
  content_items: ContentItemTable;
  content_revision: ContentRevisionTable;
  lead_status_changes: LeadStatusChangeTable;
  acknowledged_addresses: AcknowledgedAddressTable;
  acknowledgment_counts: AcknowledgmentCountTable;
  scheduler_leases: SchedulerLeaseTable;
  job_runs: JobRunTable;
  erasures: ErasureTable;
  alert_incidents: AlertIncidentTable;
  staff_users: StaffUserTable;
  staff_invitations: StaffInvitationTable;
  staff_passkeys: StaffPasskeyTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sessions: StaffSessionTable;
  staff_known_devices: StaffKnownDeviceTable;
  staff_auth_flows: StaffAuthFlowTable;
  audit_log: AuditLogTable;
  revisions: RevisionTable;
  news_categories: NewsCategoryTable;
  news_category_redirects: NewsCategoryRedirectTable;
  site_settings: SiteSettingsTable;
  page_snippets: PageSnippetTable;
  page_copy: PageCopyTable;
  preview_links: PreviewLinkTable;
  appointment_manage_links: AppointmentManageLinkTable;
  page_view_counts: PageViewCountTable;
  visitor_salts: VisitorSaltTable;
  visitors_seen: VisitorSeenTable;
  page_view_values: PageViewValueTable;
  calendar_feeds: CalendarFeedTable;
  editor_drafts: EditorDraftTable;
  editor_presence: EditorPresenceTable;
  appointment_slot_claims: AppointmentSlotClaimTable;
  availability_rules: AvailabilityRuleTable;
};

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type SubscriberRow = Selectable<NewsletterSubscriberTable>;
export type AppointmentRequestRow = Selectable<AppointmentRequestTable>;
export type WebsiteDesignLeadRow = Selectable<WebsiteDesignLeadTable>;
export type WebAppLeadRow = Selectable<WebAppLeadTable>;
export type LeadStatusChangeRow = Selectable<LeadStatusChangeTable>;
export type ServiceScreenshotRow = Selectable<ServiceScreenshotTable>;

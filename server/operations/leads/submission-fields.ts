import { fromDbBoolean } from "#server/db/dialect.ts";
import type { LeadStatus, WebAppLeadRow } from "#server/db/schema.ts";

/**
 * What every form submission, lead or appointment request, carries beside the visitor's
 * answers: whether staff have read it, whether it is held as spam, when it came, and where
 * staff are with it. Each record ends with these, in this order (JSON and CSV alike).
 */
export type SubmissionFields = {
  /** Whether staff have marked it read (`leads read`, the workspace); every submission arrives unread. */
  read: boolean;
  /** The bot trap it tripped when it is held back as suspected spam, else null. */
  suspectedSpam: string | null;
  createdAt: string;
  /** Where staff are with it (new, contacted, ...), and who set that, when and why. */
  status: LeadStatus;
  statusNote: string | null;
  statusBy: string | null;
  statusAt: string | null;
};

/** The columns every lead and appointment table has alike. */
type SubmissionRow = Pick<
  WebAppLeadRow,
  "read" | "suspected_spam" | "created_at" | "status" | "status_note" | "status_by" | "status_at"
>;

export function toSubmissionFields(row: SubmissionRow): SubmissionFields {
  return {
    read: fromDbBoolean(row.read),
    suspectedSpam: row.suspected_spam,
    createdAt: row.created_at,
    status: row.status,
    statusNote: row.status_note,
    statusBy: row.status_by,
    statusAt: row.status_at,
  };
}

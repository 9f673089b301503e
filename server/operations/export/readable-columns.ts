import type { AppointmentRecord } from "#server/operations/meetings/appointment-records.ts";
import { formatLocalDateTimeWithOffset } from "#server/operations/agency-time.ts";
import type { LeadRecord } from "#server/operations/leads/stored-leads.ts";
import type { SubscriberRecord } from "#server/operations/subscribers/subscriber-records.ts";
import type { SubmissionFields } from "#server/operations/leads/submission-fields.ts";
import { appointmentInboxId } from "#server/operations/meetings/appointment-records.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import type { Option } from "#shared/forms/rules.ts";
import { companySizeOptions } from "#shared/forms/web-app-lead.ts";
import { budgetOptions, timelineOptions, websiteTypeOptions } from "#shared/forms/website-design-lead.ts";
import { inboxFormLabels, suspectedSpamWords } from "#shared/inbox.ts";
import { clickIdOwners, leadSourceColumns, leadSourceLabels, type LeadSource } from "#shared/lead-source.ts";
import type { CsvValue } from "./csv";

/**
 * The CSV exports as people read them in a spreadsheet (docs/decisions/072-plain-words-for-staff.md):
 * headers in words, each choice by the label the form showed, times in the agency's time
 * with its offset. `--json` keeps the stored codes and ISO instants, for programs.
 */

export type ReadableColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** The label a form showed for a stored choice; a value no list knows (older data) as it is. */
function labelOf(options: readonly Option[], value: string | null): string | null {
  if (value === null) return null;
  return options.find((option) => option.value === value)?.label ?? value;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const capitalised = (word: string | null) => (word ? word.charAt(0).toUpperCase() + word.slice(1) : word);
const time = (iso: string | null) => formatLocalDateTimeWithOffset(iso);

/** Received, read, spam and where staff are with it: every lead and request has these. */
function submissionColumns<Row extends SubmissionFields>(): ReadableColumn<Row>[] {
  return [
    { header: "Received", value: (row) => time(row.createdAt) },
    { header: "Read", value: (row) => yesNo(row.read) },
    { header: "Suspected spam", value: (row) => suspectedSpamWords(row.suspectedSpam) },
    { header: "Status", value: (row) => capitalised(row.status) },
    { header: "Status note", value: (row) => row.statusNote },
    { header: "Status set by", value: (row) => row.statusBy },
    { header: "Status set", value: (row) => time(row.statusAt) },
  ];
}

/** Where the visit came from, each part by the label the lead's page gives it. */
function sourceColumns<Row extends LeadSource>(): ReadableColumn<Row>[] {
  return leadSourceColumns.map((name) => ({
    header: leadSourceLabels[name],
    value: (row: Row) =>
      name === "clickIdKind" && row[name] !== null ? (clickIdOwners[row[name]] ?? row[name]) : row[name],
  }));
}

// The owner stays last: the column staff sort by in a spreadsheet.
const ownerColumn = { header: "Owner", value: (row: { owner: string | null }) => row.owner };

export const leadCsvColumns: ReadableColumn<LeadRecord>[] = [
  { header: "Reference", value: (row) => row.id },
  { header: "Form", value: (row) => inboxFormLabels[row.type] },
  { header: "Full name", value: (row) => row.fullName },
  { header: "Company name", value: (row) => row.companyName },
  { header: "E-mail", value: (row) => row.email },
  { header: "Phone number", value: (row) => row.phoneNumber },
  { header: "Website type", value: (row) => labelOf(websiteTypeOptions, row.websiteType) },
  { header: "Budget", value: (row) => labelOf(budgetOptions, row.budget) },
  { header: "Timeline", value: (row) => labelOf(timelineOptions, row.timeline) },
  { header: "Industry", value: (row) => row.industry },
  { header: "Company size", value: (row) => labelOf(companySizeOptions, row.companySize) },
  ...submissionColumns<LeadRecord>(),
  ...sourceColumns<LeadRecord>(),
  ownerColumn,
];

const meetingStates: Record<string, string> = { confirmed: "Confirmed", cancelled: "Cancelled" };

export const appointmentCsvColumns: ReadableColumn<AppointmentRecord>[] = [
  { header: "Reference", value: (row) => appointmentInboxId(row.id) },
  { header: "Name", value: (row) => row.name },
  { header: "E-mail", value: (row) => row.email },
  { header: "Phone", value: (row) => row.phone },
  { header: "Company", value: (row) => row.company },
  { header: "Service type", value: (row) => labelOf(serviceTypeOptions, row.serviceType) },
  { header: "Preferred date", value: (row) => row.preferredDate },
  { header: "Preferred time", value: (row) => row.preferredTime },
  { header: "Project details", value: (row) => row.projectDetails },
  ...submissionColumns<AppointmentRecord>(),
  {
    header: "Meeting",
    value: (row) =>
      row.schedule === null ? "Not confirmed yet" : (meetingStates[row.schedule] ?? row.schedule),
  },
  { header: "Meeting starts", value: (row) => time(row.scheduledStart) },
  { header: "Meeting length (minutes)", value: (row) => row.scheduledMinutes },
  ...sourceColumns<AppointmentRecord>(),
  ownerColumn,
];

const subscriberStates: Record<string, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export const subscriberCsvColumns: ReadableColumn<SubscriberRecord>[] = [
  { header: "Reference", value: (row) => row.id },
  { header: "E-mail", value: (row) => row.email },
  { header: "Status", value: (row) => subscriberStates[row.status] ?? row.status },
  { header: "Agreed to", value: (row) => row.consentText },
  { header: "Agreed", value: (row) => time(row.consentedAt) },
  { header: "Confirmed", value: (row) => time(row.confirmedAt) },
  { header: "Unsubscribed", value: (row) => time(row.unsubscribedAt) },
  { header: "Suspected spam", value: (row) => suspectedSpamWords(row.suspectedSpam) },
  { header: "Signed up", value: (row) => time(row.createdAt) },
];

/** Records as the rows of a readable CSV: each keyed by its column's header. */
export function readableRows<Row>(
  columns: readonly ReadableColumn<Row>[],
  records: readonly Row[],
): Record<string, CsvValue>[] {
  return records.map((record) =>
    Object.fromEntries(columns.map((column) => [column.header, column.value(record)])),
  );
}

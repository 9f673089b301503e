import type {
  AppointmentRequestRow,
  SourceColumnName,
  FollowUpColumnName,
  RepeatColumnName,
  WebAppLeadRow,
  WebsiteDesignLeadRow,
} from "#server/db/schema.ts";
import type { AppConfig } from "#server/platform/config.ts";
import { appointmentUid, renderAppointmentEvent, type StoredCalendar } from "#server/mail/meeting-invite.ts";
import type { LabelledValue } from "#server/mail/layout.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { type AgencyNotification } from "#server/mail/agency-notification-message.ts";
import { requestedStart } from "#server/operations/meetings/appointment-times.ts";
import { appointmentLabels, formatDateLabel, serviceTypeOptions } from "#shared/forms/appointment.ts";
import type { AppointmentRequest } from "#shared/forms/appointment-schema.ts";
import { answerLabel, type Option } from "#shared/forms/rules.ts";
import { companySizeOptions, webAppLeadLabels } from "#shared/forms/web-app-lead.ts";
import type { WebAppLead } from "#shared/forms/web-app-lead-schema.ts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "#shared/forms/website-design-lead.ts";
import type { WebsiteDesignLead } from "#shared/forms/website-design-lead-schema.ts";
import { describeLeadSource } from "#shared/lead-source.ts";
import { toLeadSource } from "./source-fields";

/**
 * How each validated form becomes a database row, and how a stored row becomes the
 * agency's e-mail. The e-mail is built from the row, so a lead released from quarantine
 * reads exactly like one that was sent at once. Empty optional answers are stored as
 * null and shown as "(not given)".
 */

/** A row's columns from the form: without its id, arrival time, spam verdict, read flag, counted visit, follow-up or source. */
type FormColumns<Row> = Omit<
  Row,
  | "id"
  | "created_at"
  | "suspected_spam"
  | "read"
  | "visit_counted"
  | FollowUpColumnName
  | SourceColumnName
  | RepeatColumnName
>;
/** A stored row as its e-mail needs it: the form's columns, where it came from and the id it was stored under. */
type StoredColumns<Row extends { id: number } & Record<SourceColumnName, string | null>> = FormColumns<Row> &
  Pick<Row, "id" | SourceColumnName>;

/** What the e-mail says about the row, the visitor, their answers and where they came from. */
export type LeadNotice = Required<
  Pick<AgencyNotification, "recordId" | "summary" | "visitorName" | "visitorEmail" | "fields">
> &
  Pick<AgencyNotification, "source">;

/**
 * The id the admin CLI lists a lead under: both tables count from 1, so it names the
 * form too ("wd-12", "wa-7").
 */
export const leadIdPrefixes = { "website-design": "wd", "web-app": "wa" } as const;

export function leadId(type: keyof typeof leadIdPrefixes, rowId: number): string {
  return `${leadIdPrefixes[type]}-${rowId}`;
}

const labelled = (label: string, value: string | undefined | null) => ({ label, value: value ?? "" });
const answer = (options: readonly Option[], value: string | null) => answerLabel(options, value) ?? "";
const orNull = (value: string | undefined) => (value ? value : null);
/** The e-mail's Source line ("LinkedIn / paid / november-launch, landed on /website-design"). */
const sourceOf = (row: Parameters<typeof toLeadSource>[0]) =>
  describeLeadSource(toLeadSource(row)) ?? undefined;
/** The e-mail's first line: the answers given, in order, blanks left out. */
const summaryOf = (...answers: (string | null)[]) => answers.filter((text) => text).join(" · ");

/**
 * One answer of a form as its e-mails show it: its label and its stored value in words.
 * A repeatable one is what an acknowledgment may repeat back to the visitor: an option
 * they picked, as the form labelled it, never something they typed
 * (docs/decisions/020-lead-follow-up.md).
 */
type Answer<Row> = { label: string; text: Text<Row>; repeatable: boolean };
type Text<Row> = (row: Row) => string | null;

const typed = <Row>(label: string, text: Text<Row>): Answer<Row> => ({ label, text, repeatable: false });
const picked = <Row>(label: string, text: Text<Row>): Answer<Row> => ({ label, text, repeatable: true });
const pickedFrom = <Row>(label: string, options: readonly Option[], value: Text<Row>) =>
  picked<Row>(label, (row) => answer(options, value(row)));

/** Every answer, in the form's order, for the agency's e-mail. */
const shown = <Row>(answers: readonly Answer<Row>[], row: Row): LabelledValue[] =>
  answers.map(({ label, text }) => labelled(label, text(row)));

/** The repeatable answers the visitor gave, for their acknowledgment. */
const repeated = <Row>(answers: readonly Answer<Row>[], row: Row): LabelledValue[] =>
  shown(
    answers.filter((item) => item.repeatable),
    row,
  ).filter((choice) => choice.value !== "");

const websiteDesignAnswers: readonly Answer<FormColumns<WebsiteDesignLeadRow>>[] = [
  typed(websiteDesignLeadLabels.fullName, (row) => row.full_name),
  typed(websiteDesignLeadLabels.companyName, (row) => row.company_name),
  typed(websiteDesignLeadLabels.businessEmail, (row) => row.business_email),
  pickedFrom(websiteDesignLeadLabels.websiteType, websiteTypeOptions, (row) => row.website_type),
  pickedFrom(websiteDesignLeadLabels.budget, budgetOptions, (row) => row.budget),
  pickedFrom(websiteDesignLeadLabels.timeline, timelineOptions, (row) => row.timeline),
];

const webAppAnswers: readonly Answer<FormColumns<WebAppLeadRow>>[] = [
  typed(webAppLeadLabels.fullName, (row) => row.full_name),
  typed(webAppLeadLabels.workEmail, (row) => row.work_email),
  typed(webAppLeadLabels.phoneNumber, (row) => row.phone_number),
  typed(webAppLeadLabels.companyName, (row) => row.company_name),
  typed(webAppLeadLabels.industry, (row) => row.industry),
  pickedFrom(webAppLeadLabels.companySize, companySizeOptions, (row) => row.company_size),
];

const appointmentAnswers: readonly Answer<FormColumns<AppointmentRequestRow>>[] = [
  typed(appointmentLabels.name, (row) => row.name),
  typed(appointmentLabels.email, (row) => row.email),
  typed(appointmentLabels.phone, (row) => row.phone),
  typed(appointmentLabels.company, (row) => row.company),
  pickedFrom(appointmentLabels.service_type, serviceTypeOptions, (row) => row.service_type),
  picked(appointmentLabels.preferred_date, (row) => formatDateLabel(row.preferred_date)),
  // One of the seven offered slots: the schema accepts nothing else.
  picked(appointmentLabels.preferred_time, (row) => row.preferred_time),
  typed(appointmentLabels.project_details, (row) => row.project_details),
];

export function websiteDesignLeadRow(lead: WebsiteDesignLead): FormColumns<WebsiteDesignLeadRow> {
  return {
    full_name: lead.fullName,
    company_name: lead.companyName,
    business_email: lead.businessEmail,
    website_type: orNull(lead.websiteType),
    budget: orNull(lead.budget),
    timeline: orNull(lead.timeline),
  };
}

export function websiteDesignLeadNotice(row: StoredColumns<WebsiteDesignLeadRow>): LeadNotice {
  return {
    recordId: leadId("website-design", row.id),
    summary: summaryOf(
      row.full_name,
      row.company_name,
      answer(websiteTypeOptions, row.website_type),
      answer(budgetOptions, row.budget),
    ),
    visitorName: row.full_name,
    visitorEmail: row.business_email,
    fields: shown(websiteDesignAnswers, row),
    source: sourceOf(row),
  };
}

export function webAppLeadRow(lead: WebAppLead): FormColumns<WebAppLeadRow> {
  return {
    full_name: lead.fullName,
    work_email: lead.workEmail,
    phone_number: orNull(lead.phoneNumber),
    company_name: lead.companyName,
    industry: orNull(lead.industry),
    company_size: orNull(lead.companySize),
  };
}

export function webAppLeadNotice(row: StoredColumns<WebAppLeadRow>): LeadNotice {
  return {
    recordId: leadId("web-app", row.id),
    // The form asks for neither a service (the page is one) nor a budget.
    summary: summaryOf(row.full_name, row.company_name),
    visitorName: row.full_name,
    visitorEmail: row.work_email,
    fields: shown(webAppAnswers, row),
    source: sourceOf(row),
  };
}

export function appointmentRow(request: AppointmentRequest): FormColumns<AppointmentRequestRow> {
  return { ...request, company: orNull(request.company) };
}

export function appointmentNotice(row: StoredColumns<AppointmentRequestRow>): LeadNotice {
  return {
    recordId: String(row.id),
    summary: summaryOf(row.name, row.company, answer(serviceTypeOptions, row.service_type)),
    visitorName: row.name,
    visitorEmail: row.email,
    fields: shown(appointmentAnswers, row),
    source: sourceOf(row),
  };
}

/** The outbox payload of the agency's e-mail about a lead that arrived at `submittedAt`. */
export function agencyNotification(
  notice: LeadNotice,
  submittedAt: string,
  siteUrl: string,
  extra: Pick<AgencyNotification, "acknowledgment" | "calendar"> = {},
): AgencyNotification {
  return { messageId: newMessageId(siteUrl), submittedAt, ...notice, ...extra };
}

export function websiteDesignLeadChoices(row: FormColumns<WebsiteDesignLeadRow>): LabelledValue[] {
  return repeated(websiteDesignAnswers, row);
}

export function webAppLeadChoices(row: FormColumns<WebAppLeadRow>): LabelledValue[] {
  return repeated(webAppAnswers, row);
}

export function appointmentChoices(row: FormColumns<AppointmentRequestRow>): LabelledValue[] {
  return repeated(appointmentAnswers, row);
}

/**
 * The staff's tentative calendar entry for an appointment request, at the requested
 * slot: SEQUENCE 0 of the event `appointments confirm` later sends the visitor (same UID).
 */
export function appointmentRequestCalendar(
  row: StoredColumns<AppointmentRequestRow>,
  config: Pick<AppConfig, "settings" | "followUp">,
  stamp: string,
): StoredCalendar | undefined {
  const start = requestedStart(row.preferred_date, row.preferred_time);
  if (!start) return undefined;
  const { settings } = config;
  const service = answer(serviceTypeOptions, row.service_type);
  return renderAppointmentEvent(
    {
      uid: appointmentUid(row.id, settings.siteUrl),
      sequence: 0,
      method: "PUBLISH",
      status: "tentative",
      start,
      minutes: config.followUp.appointmentMinutes,
      summary: `Requested: consultation with ${row.name}${service ? ` (${service})` : ""}`,
      description:
        `Appointment request ${row.id} from the ${settings.brandName} website, not yet confirmed.\n` +
        `Confirm it with: site-admin appointments confirm ${row.id}`,
      organizer: { name: settings.brandName, email: settings.email },
      stamp,
    },
    settings.brandName,
  );
}

import type {
  AppointmentRequestRow,
  FollowUpColumnName,
  WebAppLeadRow,
  WebsiteDesignLeadRow,
} from "#server/db/schema.ts";
import type { AppConfig } from "#server/config.ts";
import { appointmentUid, renderAppointmentEvent, type StoredCalendar } from "#server/mail/calendar.ts";
import type { LabelledValue } from "#server/mail/layout.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { type AgencyNotification } from "#server/mail/agency-notification-message.ts";
import { requestedStart } from "#server/operations/appointments/appointment-times.ts";
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

/**
 * How each validated form becomes a database row, and how a stored row becomes the
 * agency's e-mail. The e-mail is built from the row, so a lead released from quarantine
 * reads exactly like one that was sent at once. Empty optional answers are stored as
 * null and shown as "(not given)".
 */

/** A row's columns from the form: without its id, arrival time, spam verdict, read flag or follow-up. */
type FormColumns<Row> = Omit<Row, "id" | "created_at" | "suspected_spam" | "read" | FollowUpColumnName>;
/** A stored row as its e-mail needs it: the form's columns and the id it was stored under. */
type StoredColumns<Row extends { id: number }> = FormColumns<Row> & Pick<Row, "id">;

/** What the e-mail says about the row, the visitor and their answers. */
export type LeadNotice = Required<
  Pick<AgencyNotification, "recordId" | "summary" | "visitorName" | "visitorEmail" | "fields">
>;

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
const chosen = (label: string, options: readonly Option[], value: string | null) =>
  labelled(label, answer(options, value));
const orNull = (value: string | undefined) => (value ? value : null);
/** The e-mail's first line: the answers given, in order, blanks left out. */
const summaryOf = (...answers: (string | null)[]) => answers.filter((text) => text).join(" · ");

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
  const l = websiteDesignLeadLabels;
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
    fields: [
      labelled(l.fullName, row.full_name),
      labelled(l.companyName, row.company_name),
      labelled(l.businessEmail, row.business_email),
      chosen(l.websiteType, websiteTypeOptions, row.website_type),
      chosen(l.budget, budgetOptions, row.budget),
      chosen(l.timeline, timelineOptions, row.timeline),
    ],
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
  const l = webAppLeadLabels;
  return {
    recordId: leadId("web-app", row.id),
    // The form asks for neither a service (the page is one) nor a budget.
    summary: summaryOf(row.full_name, row.company_name),
    visitorName: row.full_name,
    visitorEmail: row.work_email,
    fields: [
      labelled(l.fullName, row.full_name),
      labelled(l.workEmail, row.work_email),
      labelled(l.phoneNumber, row.phone_number),
      labelled(l.companyName, row.company_name),
      labelled(l.industry, row.industry),
      chosen(l.companySize, companySizeOptions, row.company_size),
    ],
  };
}

export function appointmentRow(request: AppointmentRequest): FormColumns<AppointmentRequestRow> {
  return { ...request, company: orNull(request.company) };
}

export function appointmentNotice(row: StoredColumns<AppointmentRequestRow>): LeadNotice {
  const l = appointmentLabels;
  return {
    recordId: String(row.id),
    summary: summaryOf(row.name, row.company, answer(serviceTypeOptions, row.service_type)),
    visitorName: row.name,
    visitorEmail: row.email,
    fields: [
      labelled(l.name, row.name),
      labelled(l.email, row.email),
      labelled(l.phone, row.phone),
      labelled(l.company, row.company),
      chosen(l.service_type, serviceTypeOptions, row.service_type),
      labelled(l.preferred_date, formatDateLabel(row.preferred_date)),
      labelled(l.preferred_time, row.preferred_time),
      labelled(l.project_details, row.project_details),
    ],
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

/*
 * What an acknowledgment may repeat back to the visitor: the options they picked, as the
 * form labelled them, and nothing they typed (docs/decisions/020-lead-follow-up.md).
 */
const picked = (...choices: LabelledValue[]) => choices.filter((choice) => choice.value !== "");

export function websiteDesignLeadChoices(row: FormColumns<WebsiteDesignLeadRow>): LabelledValue[] {
  const l = websiteDesignLeadLabels;
  return picked(
    chosen(l.websiteType, websiteTypeOptions, row.website_type),
    chosen(l.budget, budgetOptions, row.budget),
    chosen(l.timeline, timelineOptions, row.timeline),
  );
}

export function webAppLeadChoices(row: FormColumns<WebAppLeadRow>): LabelledValue[] {
  return picked(chosen(webAppLeadLabels.companySize, companySizeOptions, row.company_size));
}

export function appointmentChoices(row: FormColumns<AppointmentRequestRow>): LabelledValue[] {
  const l = appointmentLabels;
  return picked(
    chosen(l.service_type, serviceTypeOptions, row.service_type),
    labelled(l.preferred_date, formatDateLabel(row.preferred_date)),
    // One of the seven offered slots: the schema accepts nothing else.
    labelled(l.preferred_time, row.preferred_time),
  );
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

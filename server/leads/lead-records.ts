import type { AgencyNotification } from "../mail/messages";
import { formatDateLabel, serviceTypeOptions, type AppointmentRequest } from "../../shared/forms/appointment";
import { optionLabel, type Option } from "../../shared/forms/rules";
import { companySizeOptions, webAppLeadLabels, type WebAppLead } from "../../shared/forms/web-app-lead";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
  type WebsiteDesignLead,
} from "../../shared/forms/website-design-lead";

/**
 * How each validated form becomes a database row and the labelled fields of the
 * agency's e-mail. Empty optional answers are stored as null and shown as "(not given)".
 */
export type LeadRecord<Row> = {
  visitor: { name: string; email: string };
  fields: AgencyNotification["fields"];
  row: Row;
};

const labelled = (label: string, value: string | undefined | null) => ({ label, value: value ?? "" });
const chosen = (label: string, options: readonly Option[], value: string | undefined) =>
  labelled(label, value ? (optionLabel(options, value) ?? value) : "");
const orNull = (value: string | undefined) => (value ? value : null);

export function websiteDesignLeadRecord(lead: WebsiteDesignLead) {
  const l = websiteDesignLeadLabels;
  return {
    visitor: { name: lead.fullName, email: lead.businessEmail },
    fields: [
      labelled(l.fullName, lead.fullName),
      labelled(l.companyName, lead.companyName),
      labelled(l.businessEmail, lead.businessEmail),
      chosen(l.websiteType, websiteTypeOptions, lead.websiteType),
      chosen(l.budget, budgetOptions, lead.budget),
      chosen(l.timeline, timelineOptions, lead.timeline),
    ],
    row: {
      full_name: lead.fullName,
      company_name: lead.companyName,
      business_email: lead.businessEmail,
      website_type: orNull(lead.websiteType),
      budget: orNull(lead.budget),
      timeline: orNull(lead.timeline),
    },
  } satisfies LeadRecord<object>;
}

export function webAppLeadRecord(lead: WebAppLead) {
  const l = webAppLeadLabels;
  return {
    visitor: { name: lead.fullName, email: lead.workEmail },
    fields: [
      labelled(l.fullName, lead.fullName),
      labelled(l.workEmail, lead.workEmail),
      labelled(l.phoneNumber, lead.phoneNumber),
      labelled(l.companyName, lead.companyName),
      labelled(l.industry, lead.industry),
      chosen(l.companySize, companySizeOptions, lead.companySize),
    ],
    row: {
      full_name: lead.fullName,
      work_email: lead.workEmail,
      phone_number: orNull(lead.phoneNumber),
      company_name: lead.companyName,
      industry: orNull(lead.industry),
      company_size: orNull(lead.companySize),
    },
  } satisfies LeadRecord<object>;
}

export function appointmentRecord(request: AppointmentRequest) {
  return {
    visitor: { name: request.name, email: request.email },
    fields: [
      labelled("Name", request.name),
      labelled("Email", request.email),
      labelled("Phone", request.phone),
      labelled("Company", request.company),
      chosen("Service Type", serviceTypeOptions, request.service_type),
      labelled("Preferred Date", formatDateLabel(request.preferred_date)),
      labelled("Preferred Time", request.preferred_time),
      labelled("Project Details", request.project_details),
    ],
    row: { ...request, company: orNull(request.company) },
  } satisfies LeadRecord<object>;
}

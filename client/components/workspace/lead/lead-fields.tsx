/** Everything a lead or appointment request holds, labelled as its form asked it. */
import { appointmentLabels, formatDateLabel, serviceTypeOptions } from "#shared/forms/appointment.ts";
import { answerLabel, type Option } from "#shared/forms/rules.ts";
import { companySizeOptions, webAppLeadLabels } from "#shared/forms/web-app-lead.ts";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "#shared/forms/website-design-lead.ts";
import type { HistoryEntry, InboxForm, LeadStatusName } from "#shared/inbox.ts";
import { formatWhen } from "#client/components/workspace/when.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

type FieldValue = string | number | boolean | null;
/** A lead or appointment request as `leads show --json` / `appointments show --json` give it. */
export type LeadDetail = {
  form: InboxForm;
  id: string;
  record: Record<string, FieldValue> & {
    status: LeadStatusName;
    statusNote: string | null;
    suspectedSpam: string | null;
    read?: boolean;
  };
  history: HistoryEntry[];
};

type Row = [label: string, value: FieldValue, options?: readonly Option[]];

/**
 * What the visitor sent, labelled as the form asked it and answered with the option's
 * label (as `leads show` prints it), then when it arrived and whether a bot trap held it.
 */
function rowsOf(lead: LeadDetail): Row[] {
  const r = lead.record;
  const common: Row[] = [
    ["Received", r.createdAt ? formatWhen(String(r.createdAt)) : null],
    ["Suspected spam (bot trap)", r.suspectedSpam],
  ];
  if (lead.form === "website-design") {
    const l = websiteDesignLeadLabels;
    return [
      [l.fullName, r.fullName ?? null],
      [l.companyName, r.companyName ?? null],
      [l.businessEmail, r.email ?? null],
      [l.websiteType, r.websiteType ?? null, websiteTypeOptions],
      [l.budget, r.budget ?? null, budgetOptions],
      [l.timeline, r.timeline ?? null, timelineOptions],
      ...common,
    ];
  }
  if (lead.form === "web-app") {
    const l = webAppLeadLabels;
    return [
      [l.fullName, r.fullName ?? null],
      [l.workEmail, r.email ?? null],
      [l.phoneNumber, r.phoneNumber ?? null],
      [l.companyName, r.companyName ?? null],
      [l.industry, r.industry ?? null],
      [l.companySize, r.companySize ?? null, companySizeOptions],
      ...common,
    ];
  }
  const l = appointmentLabels;
  return [
    [l.name, r.name ?? null],
    [l.email, r.email ?? null],
    [l.phone, r.phone ?? null],
    [l.company, r.company ?? null],
    [l.service_type, r.serviceType ?? null, serviceTypeOptions],
    [l.preferred_date, r.preferredDate ? formatDateLabel(String(r.preferredDate)) : null],
    [l.preferred_time, r.preferredTime ?? null],
    [l.project_details, r.projectDetails ?? null],
    ["Booking", r.schedule ?? null],
    ["Booked for", r.scheduledStart ? formatWhen(String(r.scheduledStart)) : null],
    ...common,
  ];
}

function shown([, value, options]: Row): string {
  if (value === null || value === "") return "—";
  return options ? (answerLabel(options, String(value)) ?? "—") : String(value);
}

export function LeadFields({ lead }: { lead: LeadDetail }) {
  return (
    <TitledSection id="fields" title="What they sent">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rowsOf(lead).map((row) => (
          <div key={row[0]} className="contents">
            <dt className="font-semibold text-ink">{row[0]}</dt>
            <dd className="whitespace-pre-line text-ink wrap-anywhere">{shown(row)}</dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

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
import {
  suspectedSpamWords,
  type ActivityEntry,
  type RepeatInfo,
  type HistoryEntry,
  type InboxForm,
  type LeadStatusName,
  type SamePersonEntry,
  type StaffRef,
} from "#shared/inbox.ts";
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
  owner: StaffRef | null;
  readMark: { by: StaffRef | null; at: string | null } | null;
  activity: ActivityEntry[];
  repeat: RepeatInfo;
  samePerson: SamePersonEntry[];
  /** The visitor's number for a `tel:` link (E.164 where it is a valid number). */
  telephone: string | null;
};

/** A label, its value, and either the options its value is one of or the link it opens. */
type Row = [label: string, value: FieldValue, options?: readonly Option[] | { href: string }];

/**
 * What the visitor sent, labelled as the form asked it and answered with the option's
 * label (as `leads show` prints it), then when it arrived and whether a bot trap held it.
 */
function rowsOf(lead: LeadDetail): Row[] {
  const r = lead.record;
  const mail = r.email ? { href: `mailto:${String(r.email)}` } : undefined;
  const tel = lead.telephone ? { href: `tel:${lead.telephone}` } : undefined;
  const common: Row[] = [
    ["Received", r.createdAt ? formatWhen(String(r.createdAt)) : null],
    ["Suspected spam (bot trap)", r.suspectedSpam ? suspectedSpamWords(r.suspectedSpam) : null],
  ];
  if (lead.form === "website-design") {
    const l = websiteDesignLeadLabels;
    return [
      [l.fullName, r.fullName ?? null],
      [l.companyName, r.companyName ?? null],
      [l.businessEmail, r.email ?? null, mail],
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
      [l.workEmail, r.email ?? null, mail],
      [l.phoneNumber, r.phoneNumber ?? null, tel],
      [l.companyName, r.companyName ?? null],
      [l.industry, r.industry ?? null],
      [l.companySize, r.companySize ?? null, companySizeOptions],
      ...common,
    ];
  }
  const l = appointmentLabels;
  return [
    [l.name, r.name ?? null],
    [l.email, r.email ?? null, mail],
    [l.phone, r.phone ?? null, tel],
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
  if (options === undefined || "href" in options) return String(value);
  return answerLabel(options, String(value)) ?? "—";
}

/** The value, as a link where it opens one (an address in the mail app, a number in the phone's dialler). */
function Value({ row }: { row: Row }) {
  const link = row[2] && "href" in row[2] ? row[2].href : undefined;
  if (!link || row[1] === null || row[1] === "") return shown(row);
  return (
    <a href={link} className="inline-flex min-h-11 items-center text-brand underline underline-offset-4">
      {shown(row)}
    </a>
  );
}

export function LeadFields({ lead }: { lead: LeadDetail }) {
  return (
    <TitledSection id="fields" title="What they sent">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rowsOf(lead).map((row) => (
          <div key={row[0]} className="contents">
            <dt className="font-semibold text-ink">{row[0]}</dt>
            <dd className="whitespace-pre-line text-ink wrap-anywhere">
              <Value row={row} />
            </dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

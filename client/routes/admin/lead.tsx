import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import {
  inboxFormLabels,
  leadStatuses,
  type HistoryEntry,
  type InboxForm,
  type LeadStatusName,
} from "../../../shared/inbox";
import { staffPaths } from "../../../shared/staff-paths";
import { Button, ButtonLink } from "../../components/workspace/button";
import { SelectField, TextAreaField } from "../../components/workspace/fields";
import { Notice } from "../../components/workspace/notice";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import { appointmentLabels, formatDateLabel, serviceTypeOptions } from "../../../shared/forms/appointment";
import { answerLabel, type Option } from "../../../shared/forms/rules";
import { companySizeOptions, webAppLeadLabels } from "../../../shared/forms/web-app-lead";
import {
  budgetOptions,
  timelineOptions,
  websiteDesignLeadLabels,
  websiteTypeOptions,
} from "../../../shared/forms/website-design-lead";
import type { Route } from "./+types/lead";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = ({ params }: Route.MetaArgs) => workspaceMeta(`Lead ${params.id}`);
export const handle = workspaceHandle;

type FieldValue = string | number | boolean | null;
/** A lead or appointment request as `leads show --json` / `appointments show --json` give it. */
type LeadDetail = {
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

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return workspaceFetch<LeadDetail>(`/inbox/${encodeURIComponent(params.id)}`);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Lead" />;
}

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

function messageOf(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const lead = loaderData;
  const { record } = lead;
  const name = String(record.fullName ?? record.name ?? lead.id);
  return (
    <>
      <PageHeader
        title={name}
        description={`${inboxFormLabels[lead.form]} ${lead.form === "appointment" ? "request" : "lead"} ${lead.id}`}
        actions={<ButtonLink href={staffPaths.leads}>Back to leads</ButtonLink>}
      />
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="fields-title" className="space-y-4">
          <h2 id="fields-title" className="text-2xl font-bold text-ink">
            What they sent
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            {rowsOf(lead).map((row) => (
              <div key={row[0]} className="contents">
                <dt className="font-semibold text-ink">{row[0]}</dt>
                <dd className="break-words whitespace-pre-line text-ink">{shown(row)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="space-y-10">
          {record.suspectedSpam ? <Release id={lead.id} trap={record.suspectedSpam} /> : null}
          <StatusForm lead={lead} />
          {lead.form === "appointment" ? <ReadToggle id={lead.id} read={record.read === true} /> : null}
          <History history={lead.history} />
        </div>
      </div>
    </>
  );
}

function StatusForm({ lead }: { lead: LeadDetail }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setError("");
    try {
      const result = await workspaceFetch<{ changed: boolean }>(
        `/inbox/${encodeURIComponent(lead.id)}/status`,
        {
          body: { json: { status: fields.get("status"), note: fields.get("note") } },
        },
      );
      toast({
        variant: "success",
        title: result.changed ? "Status saved" : `Already ${String(fields.get("status"))}: nothing changed`,
      });
      await revalidator.revalidate();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="status-title" className="space-y-4">
      <h2 id="status-title" className="text-2xl font-bold text-ink">
        Status
      </h2>
      <p className="text-ink-soft">
        Now{" "}
        <StatusBadge tone={lead.record.status === "new" ? "info" : "neutral"}>
          {lead.record.status}
        </StatusBadge>
        {lead.record.statusNote ? ` — ${lead.record.statusNote}` : ""}
      </p>
      {/* Keyed by the last change, so the form starts afresh from the status just saved. */}
      <form
        key={`${lead.record.status}-${lead.history.length}`}
        onSubmit={(event) => void save(event)}
        className="space-y-4"
      >
        {error ? <Notice tone="danger">{error}</Notice> : null}
        <SelectField
          label="New status"
          name="status"
          required
          options={leadStatuses.map((status) => ({ value: status, label: status }))}
          defaultValue={lead.record.status}
        />
        <TextAreaField
          label="Note"
          name="note"
          rows={3}
          maxLength={1000}
          description="Why, in a few words."
        />
        <Button type="submit" busy={busy}>
          Save status
        </Button>
      </form>
    </section>
  );
}

function ReadToggle({ id, read }: { id: string; read: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await workspaceFetch(`/inbox/${encodeURIComponent(id)}/read`, { body: { json: { read: !read } } });
      toast({ variant: "success", title: read ? "Marked unread" : "Marked read" });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: "Could not change the read mark", description: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="read-title" className="space-y-3">
      <h2 id="read-title" className="text-2xl font-bold text-ink">
        Read
      </h2>
      <p className="text-ink-soft">
        {read ? "Someone has read this request." : "Nobody has read this request yet."}
      </p>
      <Button variant="secondary" busy={busy} onClick={() => void toggle()}>
        {read ? "Mark unread" : "Mark read"}
      </Button>
    </section>
  );
}

function Release({ id, trap }: { id: string; trap: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function release() {
    setBusy(true);
    try {
      await workspaceFetch(`/inbox/${encodeURIComponent(id)}/release`, { method: "POST" });
      toast({ variant: "success", title: "Released: the agency's e-mail about it is queued" });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: "Could not release it", description: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Notice tone="warning" title="Held back as suspected spam">
      <p>It tripped the {trap} bot trap, so the agency was not e-mailed about it.</p>
      <Button className="mt-3" variant="secondary" busy={busy} onClick={() => void release()}>
        Release: it is a real lead
      </Button>
    </Notice>
  );
}

function History({ history }: { history: HistoryEntry[] }) {
  return (
    <section aria-labelledby="history-title" className="space-y-3">
      <h2 id="history-title" className="text-2xl font-bold text-ink">
        History
      </h2>
      {history.length === 0 ? (
        <p className="text-ink-soft">No status changes yet.</p>
      ) : (
        <ol className="space-y-3">
          {[...history].reverse().map((change) => (
            <li
              key={`${change.changedAt}-${change.status}`}
              className="rounded-control border border-line p-3"
            >
              <p className="text-ink">
                <StatusBadge>{change.status}</StatusBadge> by {change.changedBy},{" "}
                <time dateTime={change.changedAt}>{formatWhen(change.changedAt)}</time>
              </p>
              {change.note ? <p className="mt-1 whitespace-pre-line text-ink">{change.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

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

/** Each stored field's label, in the order the forms ask for them; ids and status have their own place. */
const fieldLabels: [key: string, label: string][] = [
  ["fullName", "Full name"],
  ["name", "Name"],
  ["companyName", "Company"],
  ["company", "Company"],
  ["email", "E-mail address"],
  ["phoneNumber", "Phone number"],
  ["phone", "Phone number"],
  ["websiteType", "Website type"],
  ["budget", "Budget"],
  ["timeline", "Timeline"],
  ["industry", "Industry"],
  ["companySize", "Company size"],
  ["serviceType", "Service"],
  ["preferredDate", "Preferred date"],
  ["preferredTime", "Preferred time"],
  ["projectDetails", "Project details"],
  ["schedule", "Booking"],
  ["scheduledStart", "Booked for"],
  ["scheduledMinutes", "Booked minutes"],
  ["createdAt", "Received"],
  ["suspectedSpam", "Suspected spam (bot trap)"],
  ["statusBy", "Status set by"],
  ["statusAt", "Status set at"],
];

const timeFields = new Set(["createdAt", "statusAt", "scheduledStart"]);

function shown(key: string, value: FieldValue): string {
  if (value === null || value === "") return "—";
  if (typeof value === "string" && timeFields.has(key)) return formatWhen(value);
  return String(value);
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
            {fieldLabels
              .filter(([key]) => key in record)
              .map(([key, label]) => (
                <div key={key} className="contents">
                  <dt className="font-semibold text-ink">{label}</dt>
                  <dd className="break-words whitespace-pre-line text-ink">
                    {shown(key, record[key] ?? null)}
                  </dd>
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
      form.reset();
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
      <form onSubmit={(event) => void save(event)} className="space-y-4">
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

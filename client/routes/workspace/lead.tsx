import type { AssignableStaff } from "#shared/inbox.ts";
import { leadKind, leadReference, nameLead } from "#shared/lead-names.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { ReadToggle, Release } from "#client/components/workspace/lead/lead-actions.tsx";
import { LeadFields, type LeadDetail } from "#client/components/workspace/lead/lead-fields.tsx";
import { LeadSourceSection } from "#client/components/workspace/lead/lead-source.tsx";
import { loadMeetingPlan, MeetingSection } from "#client/components/workspace/lead/meeting-section.tsx";
import { OwnerForm } from "#client/components/workspace/lead/owner-form.tsx";
import { RepeatNotice } from "#client/components/workspace/lead/repeat-notice.tsx";
import { SamePerson } from "#client/components/workspace/lead/same-person.tsx";
import { StatusForm } from "#client/components/workspace/lead/status-form.tsx";
import { StatusHistory } from "#client/components/workspace/lead/status-history.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/lead";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

/**
 * Named by person and form, like its heading; "Lead" until the lead has loaded (the page is
 * drawn in the browser), never by its reference.
 */
export const meta = ({ loaderData }: Route.MetaArgs) =>
  workspaceMeta(loaderData ? leadName(loaderData) : "Lead");
export const handle = workspaceHandle;

const leadPath = (id: string) => `/inbox/${encodeURIComponent(id)}`;

/** The visitor's name as the form asked it (a lead's full name, a request's name). */
const personOf = (lead: LeadDetail) => String(lead.record.fullName ?? lead.record.name ?? "");

/** "Thandi Nkosi's website design enquiry"; the form alone when no name was given. */
const leadName = (lead: LeadDetail) =>
  personOf(lead) ? nameLead(personOf(lead), lead.form) : leadKind(lead.form);

/**
 * Opening the page marks the lead read by whoever opened it (a POST, so it carries the
 * session's CSRF token); reloading after a change on the page only reads it, so "Mark
 * unread" stays unread.
 */
async function loadLead(id: string, open: boolean) {
  const [lead, { owners }, meeting] = await Promise.all([
    open
      ? workspaceFetch<LeadDetail>(`${leadPath(id)}/open`, { method: "POST" })
      : workspaceFetch<LeadDetail>(leadPath(id)),
    workspaceFetch<{ owners: AssignableStaff[] }>("/inbox/owners"),
    loadMeetingPlan(id),
  ]);
  return { ...lead, owners, meeting };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadLead(params.id, true);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Lead" />;
}

/** One lead or appointment request: `leads show`, its status, read mark and release. */
export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const [lead, reload] = useReloadable(loaderData, () => loadLead(loaderData.id, false));
  const { record } = lead;
  const noun = lead.form === "appointment" ? "request" : "lead";
  return (
    <>
      <PageHeader
        title={leadName(lead)}
        description={leadReference(lead.id)}
        actions={<ButtonLink href={staffPaths.leads}>Back to leads</ButtonLink>}
      />
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-10">
          <RepeatNotice repeat={lead.repeat} name={personOf(lead) || "This visitor"} />
          <LeadFields lead={lead} />
          <LeadSourceSection lead={lead} />
        </div>
        <div className="space-y-10">
          {record.suspectedSpam ? <Release id={lead.id} trap={record.suspectedSpam} reload={reload} /> : null}
          <OwnerForm id={lead.id} owner={lead.owner} owners={lead.owners} reload={reload} />
          {lead.meeting ? <MeetingSection lead={lead} plan={lead.meeting} reload={reload} /> : null}
          <StatusForm lead={lead} reload={reload} />
          <ReadToggle
            id={lead.id}
            noun={noun}
            read={record.read === true}
            readMark={lead.readMark}
            reload={reload}
          />
          <StatusHistory history={lead.history} activity={lead.activity} />
          <SamePerson entries={lead.samePerson} email={String(record.email ?? "")} />
        </div>
      </div>
    </>
  );
}

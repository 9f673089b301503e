import { inboxFormLabels } from "#shared/inbox.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { ReadToggle, Release } from "#client/components/workspace/lead/lead-actions.tsx";
import { LeadFields, type LeadDetail } from "#client/components/workspace/lead/lead-fields.tsx";
import { loadMeetingPlan, MeetingSection } from "#client/components/workspace/lead/meeting-section.tsx";
import { StatusForm } from "#client/components/workspace/lead/status-form.tsx";
import { StatusHistory } from "#client/components/workspace/lead/status-history.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/lead";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = ({ params }: Route.MetaArgs) => workspaceMeta(`Lead ${params.id}`);
export const handle = workspaceHandle;

async function loadLead(id: string) {
  const [lead, meeting] = await Promise.all([
    workspaceFetch<LeadDetail>(`/inbox/${encodeURIComponent(id)}`),
    loadMeetingPlan(id),
  ]);
  return { ...lead, meeting };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadLead(params.id);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Lead" />;
}

/** One lead or appointment request: `leads show`, its status, read mark and release. */
export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const [lead, reload] = useReloadable(loaderData, () => loadLead(loaderData.id));
  const { record } = lead;
  const noun = lead.form === "appointment" ? "request" : "lead";
  return (
    <>
      <PageHeader
        title={String(record.fullName ?? record.name ?? lead.id)}
        description={`${inboxFormLabels[lead.form]} ${noun} ${lead.id}`}
        actions={<ButtonLink href={staffPaths.leads}>Back to leads</ButtonLink>}
      />
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <LeadFields lead={lead} />
        <div className="space-y-10">
          {record.suspectedSpam ? <Release id={lead.id} trap={record.suspectedSpam} reload={reload} /> : null}
          {lead.meeting ? <MeetingSection lead={lead} plan={lead.meeting} reload={reload} /> : null}
          <StatusForm lead={lead} reload={reload} />
          <ReadToggle id={lead.id} noun={noun} read={record.read === true} reload={reload} />
          <StatusHistory history={lead.history} />
        </div>
      </div>
    </>
  );
}

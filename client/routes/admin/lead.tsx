import { inboxFormLabels } from "../../../shared/inbox";
import { staffPaths } from "../../../shared/staff-paths";
import { ButtonLink } from "../../components/workspace/button";
import { ReadToggle, Release } from "../../components/workspace/lead/lead-actions";
import { LeadFields, type LeadDetail } from "../../components/workspace/lead/lead-fields";
import { StatusForm } from "../../components/workspace/lead/status-form";
import { StatusHistory } from "../../components/workspace/lead/status-history";
import { PageHeader } from "../../components/workspace/page-header";
import { useReloadable } from "../../components/workspace/use-reloadable";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { Route } from "./+types/lead";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = ({ params }: Route.MetaArgs) => workspaceMeta(`Lead ${params.id}`);
export const handle = workspaceHandle;

function loadLead(id: string) {
  return workspaceFetch<LeadDetail>(`/inbox/${encodeURIComponent(id)}`);
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
          <StatusForm lead={lead} reload={reload} />
          <ReadToggle id={lead.id} noun={noun} read={record.read === true} reload={reload} />
          <StatusHistory history={lead.history} />
        </div>
      </div>
    </>
  );
}

import type { StaffOverview } from "#shared/staff-overview.ts";
import { roleDescription } from "#shared/staff-roles.ts";
import {
  ContentOverviewSection,
  UsersOverviewSection,
} from "#client/components/workspace/overview/area-overviews.tsx";
import { LeadsOverviewSection } from "#client/components/workspace/overview/leads-overview.tsx";
import { WorkspaceParts } from "#client/components/workspace/overview/workspace-parts.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/overview";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Overview");
export const handle = workspaceHandle;

export async function clientLoader() {
  return { overview: await workspaceFetch<StaffOverview>("/overview") };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Overview" description="Counting what needs doing…" />;
}

/** Where a member of staff starts: what needs doing in their role's areas, then every part of the workspace they may use. */
export default function WorkspaceOverview({ loaderData }: Route.ComponentProps) {
  const { email, role } = useStaff();
  const { overview } = loaderData;
  return (
    <>
      <PageHeader title="Overview" description={`Signed in as ${email}. ${roleDescription(role)}`} />
      <div className="space-y-12">
        {overview.leads ? <LeadsOverviewSection overview={overview.leads} /> : null}
        {overview.content ? <ContentOverviewSection overview={overview.content} /> : null}
        {overview.users ? <UsersOverviewSection overview={overview.users} /> : null}
        <WorkspaceParts role={role} />
      </div>
    </>
  );
}

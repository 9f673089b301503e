import { data } from "react-router";
import { staffPaths } from "#shared/staff-paths.ts";
import { areaOfPath, mayUse } from "#shared/staff-roles.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import type { Route } from "./+types/not-found";

/**
 * An /admin/… address no workspace page serves: a 404 inside the workspace's look. In an
 * area the role is not given, the layout's 403 stands: what is there is not theirs to learn.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const area = areaOfPath(new URL(request.url).pathname);
  const refused = area !== null && context.staff !== undefined && !mayUse(context.staff.role, area);
  return data(null, { status: refused ? 403 : 404 });
}

export const meta = () => workspaceMeta("Not found");
export const handle = workspaceHandle;

export default function WorkspaceNotFound() {
  return (
    <>
      <PageHeader title="Not found" description="There is nothing at this address in the workspace." />
      <ButtonLink href={staffPaths.overview}>Back to the overview</ButtonLink>
    </>
  );
}

import { data } from "react-router";
import { staffPaths } from "../../../shared/staff-paths";
import { ButtonLink } from "../../components/workspace/button";
import { PageHeader } from "../../components/workspace/page-header";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";

/** An /admin/… address no workspace page serves: a 404 inside the workspace's look. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => workspaceMeta("Not found");
export const handle = workspaceHandle;

export default function WorkspaceNotFound() {
  return (
    <>
      <PageHeader title="Not found" description="There is nothing at this address in the workspace." />
      <ButtonLink href={staffPaths.home}>Back to the overview</ButtonLink>
    </>
  );
}

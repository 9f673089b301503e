import { isRouteErrorResponse, useRouteError } from "react-router";
import { staffPaths } from "#shared/staff-paths.ts";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { ButtonLink } from "./button";
import { PageHeader } from "./page-header";

/**
 * A workspace page's error boundary: a loader's or action's WorkspaceApiError (or a thrown
 * `data(…, {status})`) shown as a page inside the layout, with the API's sentence.
 * 403 → "Not available to your role", 404 → "Not found". Each page re-exports it:
 *
 *   export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";
 */
export function WorkspaceErrorBoundary() {
  const error = useRouteError();
  const status =
    error instanceof WorkspaceApiError ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  const message =
    error instanceof WorkspaceApiError
      ? error.message
      : isRouteErrorResponse(error) && typeof error.data === "string"
        ? error.data
        : "Something went wrong on our side. Try again, or ask an admin if it keeps happening.";
  if (status === 403) return <NotAvailable message={message} />;
  return (
    <>
      <PageHeader title={status === 404 ? "Not found" : "Something went wrong"} />
      <p className="text-ink-soft">
        {status === 404 ? "There is nothing at this address in the workspace." : message}
      </p>
      <ButtonLink href={staffPaths.overview} className="mt-6">
        Back to the overview
      </ButtonLink>
    </>
  );
}

/** What a page shows to a role not given its area (the API answers 403 too). */
export function NotAvailable({
  message = "Your role does not give you access to this.",
}: {
  message?: string;
}) {
  return (
    <>
      <PageHeader title="Not available to your role" />
      <p className="text-ink-soft">{message} If you need it, ask an admin to change your role.</p>
      <ButtonLink href={staffPaths.overview} className="mt-6">
        Back to the overview
      </ButtonLink>
    </>
  );
}

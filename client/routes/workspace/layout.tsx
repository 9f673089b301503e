import { data, isRouteErrorResponse, Outlet, redirect, useLocation, useRouteError } from "react-router";
import { signInPath } from "#shared/staff-paths.ts";
import { areaOfPath, mayUse } from "#shared/staff-roles.ts";
import { NotAvailable, WorkspaceErrorBoundary } from "#client/components/workspace/workspace-error.tsx";
import { WorkspaceShell } from "#client/components/workspace/workspace-shell.tsx";
import { workspaceHandle } from "#client/components/workspace/workspace-page.ts";
import { setCsrfToken } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/layout";

/**
 * Every signed-in workspace page sits in this layout (docs/decisions/028-staff-workspace-ui.md).
 * The server has already sent a page request without a session to sign-in; here the
 * session's member of staff is handed to the pages, and a page of an area the role is not
 * given is answered 403 with a plain message instead of the page.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { staff } = context;
  const url = new URL(request.url);
  if (!staff) throw redirect(signInPath(url.pathname + url.search), 303);
  const area = areaOfPath(url.pathname);
  const allowed = area === null || mayUse(staff.role, area);
  const signedIn = { email: staff.email, role: staff.role, csrfToken: staff.csrfToken };
  // Thrown, not returned: below a route that failed, the page's own loader never runs, so
  // a refused page asks the API for nothing (the error boundary shows the refusal).
  if (!allowed) throw data(signedIn, { status: 403 });
  return signedIn;
}

type SignedIn = ReturnType<typeof loader>;

export const handle = workspaceHandle;

/** Who is signed in does not change while the session lasts: a page's own reload leaves it be. */
export const shouldRevalidate = () => false;

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { email, role, csrfToken } = loaderData;
  const location = useLocation();
  // Only the browser sends changes; the server must not keep one request's token around.
  if (typeof document !== "undefined") setCsrfToken(csrfToken);
  // The layout's own check, on every client-side path change as on the server's.
  const area = areaOfPath(location.pathname);
  const allowed = area === null || mayUse(role, area);
  return (
    <WorkspaceShell email={email} role={role} pathname={location.pathname}>
      {allowed ? <Outlet /> : <NotAvailable />}
    </WorkspaceShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const { email, role, csrfToken } = error.data as SignedIn;
    if (typeof document !== "undefined") setCsrfToken(csrfToken);
    return (
      <WorkspaceShell email={email} role={role} pathname={location.pathname}>
        <NotAvailable />
      </WorkspaceShell>
    );
  }
  return (
    <main id="main-content" className="mx-auto w-full max-w-3xl px-5 py-12">
      <WorkspaceErrorBoundary />
    </main>
  );
}

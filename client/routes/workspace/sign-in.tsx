import { useLocation } from "react-router";
import { isWorkspacePath, staffPaths } from "#shared/staff-paths.ts";
import { AuthFrame } from "#client/components/workspace/auth-frame.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { SignInSteps } from "#client/components/workspace/sign-in/sign-in-steps.tsx";

export const meta = () => workspaceMeta("Sign in");
export const handle = workspaceHandle;

/** Where to go once signed in: the page that sent here, only if it is the workspace's. */
function destination(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && isWorkspacePath(next) ? next : staffPaths.overview;
}

/**
 * Sign in with a passkey, or with e-mail, password and then an authenticator code (or a
 * recovery code). docs/decisions/027-staff-authentication.md.
 */
export default function SignIn() {
  const { search } = useLocation();
  return (
    <AuthFrame title="Sign in to the workspace">
      <SignInSteps onSignedIn={() => window.location.assign(destination(search))} />
    </AuthFrame>
  );
}

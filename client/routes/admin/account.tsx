import { PageHeader } from "../../components/workspace/page-header";
import { useReloadable } from "../../components/workspace/use-reloadable";
import { useStaff } from "../../components/workspace/use-staff";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { Route } from "./+types/account";
import { ReplaceAuthenticator } from "../../components/workspace/account/authenticator-section";
import { Passkeys, type Passkey } from "../../components/workspace/account/passkeys-section";
import { ChangePassword } from "../../components/workspace/account/password-section";
import { NewRecoveryCodes } from "../../components/workspace/account/recovery-codes-section";
import { Sessions, type StaffSession } from "../../components/workspace/account/sessions-section";
import { StepUpProvider } from "../../components/workspace/account/step-up";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Your account");
export const handle = workspaceHandle;

async function loadAccount() {
  const [{ passkeys }, { sessions }] = await Promise.all([
    workspaceFetch<{ passkeys: Passkey[] }>("/passkeys"),
    workspaceFetch<{ sessions: StaffSession[] }>("/sessions"),
  ]);
  return { passkeys, sessions };
}

export async function clientLoader() {
  return loadAccount();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Your account" description="Loading your sign-in methods…" />;
}

/** A member of staff's own sign-in methods and sessions; changing a method needs "Confirm it's you". */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { email } = useStaff();
  const [{ passkeys, sessions }, reload] = useReloadable(loaderData, loadAccount);
  return (
    <>
      <PageHeader title="Your account" description={`How ${email} signs in, and where.`} />
      <StepUpProvider>
        <div className="space-y-12">
          <ChangePassword onChanged={reload} />
          <Passkeys passkeys={passkeys} reload={reload} />
          <ReplaceAuthenticator />
          <NewRecoveryCodes />
          <Sessions sessions={sessions} reload={reload} />
        </div>
      </StepUpProvider>
    </>
  );
}

import { PageHeader } from "../../components/workspace/page-header";
import { useReloadable } from "../../components/workspace/use-reloadable";
import { useStaff } from "../../components/workspace/use-staff";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch } from "../../lib/workspace-api";
import type { Route } from "./+types/account";
import { Passkeys, type Passkey } from "../../components/workspace/account/passkeys-section";
import { NewRecoveryCodes, SignOutEverywhere } from "../../components/workspace/account/session-sections";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Your account");
export const handle = workspaceHandle;

function loadPasskeys() {
  return workspaceFetch<{ passkeys: Passkey[] }>("/passkeys");
}

export async function clientLoader() {
  return loadPasskeys();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Your account" description="Loading your passkeys…" />;
}

/** A member of staff's own sign-in methods: passkeys, recovery codes, sessions. */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { email } = useStaff();
  const [{ passkeys }, reload] = useReloadable(loaderData, loadPasskeys);
  return (
    <>
      <PageHeader title="Your account" description={`How ${email} signs in.`} />
      <div className="space-y-12">
        <Passkeys passkeys={passkeys} reload={reload} />
        <NewRecoveryCodes />
        <SignOutEverywhere />
      </div>
    </>
  );
}

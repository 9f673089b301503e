import { useState } from "react";
import { staffPaths } from "../../../shared/staff-paths";
import { AuthFrame } from "../../components/workspace/auth-frame";
import { Notice } from "../../components/workspace/notice";
import { RecoveryCodes } from "../../components/workspace/recovery-codes";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { Route } from "./+types/invitation";
import {
  AuthenticatorStep,
  PasswordStep,
  type Enrolment,
} from "../../components/workspace/invitation/invitation-steps";

export const meta = () => workspaceMeta("Set up your account");
export const handle = workspaceHandle;

type Invitation = { email: string; role: string; expiresAt: string };
/** The invitation, or the API's sentence when the link has expired or was used. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const invitation = await workspaceFetch<Invitation>(`/invitations/${encodeURIComponent(params.token)}`);
    return { invitation, refusal: null };
  } catch (error) {
    if (!(error instanceof WorkspaceApiError)) throw error;
    return { invitation: null, refusal: error.message };
  }
}
clientLoader.hydrate = true as const;

const title = "Set up your account";

export function HydrateFallback() {
  return (
    <AuthFrame title={title}>
      <p className="text-ink-soft">Reading your invitation…</p>
    </AuthFrame>
  );
}

/**
 * The one-time link an admin's invitation sent: choose a password, add the authenticator
 * app, confirm its code, keep the recovery codes. Then the account page offers a passkey.
 */
export default function InvitationPage({ loaderData, params }: Route.ComponentProps) {
  const { invitation, refusal } = loaderData;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!invitation) {
    return (
      <AuthFrame title={title}>
        <Notice tone="danger">{refusal}</Notice>
      </AuthFrame>
    );
  }
  const api = `/invitations/${encodeURIComponent(params.token)}`;
  return (
    <AuthFrame
      title={title}
      intro={
        <p>
          For <strong className="text-ink">{invitation.email}</strong>, with the{" "}
          <strong className="text-ink">{invitation.role}</strong> role.
        </p>
      }
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onSaved={() => window.location.assign(staffPaths.account)} />
      ) : enrolment ? (
        <AuthenticatorStep api={api} enrolment={enrolment} onConfirmed={setRecoveryCodes} />
      ) : (
        <PasswordStep api={api} email={invitation.email} onChosen={setEnrolment} />
      )}
    </AuthFrame>
  );
}

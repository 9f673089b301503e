import { useState } from "react";
import { staffPaths } from "#shared/staff-paths.ts";
import { AuthFrame } from "#client/components/workspace/auth-frame.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { RecoveryCodes } from "#client/components/workspace/recovery-codes.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/invitation";
import type { Enrolment } from "#client/components/workspace/authenticator-key.tsx";
import {
  AuthenticatorStep,
  PasswordStep,
} from "#client/components/workspace/invitation/invitation-steps.tsx";

export const meta = () => workspaceMeta("Set up your account");
export const handle = workspaceHandle;

type Invitation = { email: string; role: string; expiresAt: string };

/** A link without its token (cut short when copied): the page says so rather than asking the API. */
const NO_TOKEN =
  "This invitation link is incomplete. Open the link from the e-mail again, or ask an admin for a new invitation.";

/**
 * The link's token is its fragment (/admin/invitation#token): browsers never send a
 * fragment, so it reaches no server log, proxy or Referer. It goes to the API in a POST body.
 */
function readToken(): string {
  const fragment = window.location.hash.slice(1);
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The invitation, or the API's sentence when the link has expired or was used. */
export async function clientLoader(_args: Route.ClientLoaderArgs) {
  const token = readToken();
  if (!token) return { token, invitation: null, refusal: NO_TOKEN };
  try {
    const invitation = await workspaceFetch<Invitation>("/invitations/read", { body: { json: { token } } });
    return { token, invitation, refusal: null };
  } catch (error) {
    if (!(error instanceof WorkspaceApiError)) throw error;
    return { token, invitation: null, refusal: error.message };
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
 * app, confirm its code, keep the recovery codes. Then the overview; the account page offers a passkey.
 */
export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { token, invitation, refusal } = loaderData;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!invitation) {
    return (
      <AuthFrame title={title}>
        <Notice tone="danger">{refusal}</Notice>
      </AuthFrame>
    );
  }
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
        <RecoveryCodes
          codes={recoveryCodes}
          account={invitation.email}
          onSaved={() => window.location.assign(staffPaths.overview)}
        />
      ) : enrolment ? (
        <AuthenticatorStep token={token} enrolment={enrolment} onConfirmed={setRecoveryCodes} />
      ) : (
        <PasswordStep token={token} email={invitation.email} onChosen={setEnrolment} />
      )}
    </AuthFrame>
  );
}

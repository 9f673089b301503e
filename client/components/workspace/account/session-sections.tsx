/** The account page's recovery codes (a new set on request) and "Sign out everywhere". */
import { useState } from "react";
import { staffPaths } from "../../../../shared/staff-paths";
import { ConfirmButton } from "../confirm-button";
import { RecoveryCodes } from "../recovery-codes";
import { toast } from "../toasts";
import { workspaceFetch } from "../../../lib/workspace-api";
import { apiMessage as messageOf } from "../api-message";

export function NewRecoveryCodes() {
  const [codes, setCodes] = useState<string[] | null>(null);
  async function renew() {
    try {
      const { recoveryCodes } = await workspaceFetch<{ recoveryCodes: string[] }>("/recovery-codes", {
        method: "POST",
      });
      setCodes(recoveryCodes);
    } catch (caught) {
      toast({ title: "Could not make new recovery codes", description: messageOf(caught) });
    }
  }
  return (
    <section aria-labelledby="recovery-title" className="space-y-4">
      <h2 id="recovery-title" className="text-2xl font-bold text-ink">
        Recovery codes
      </h2>
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
      ) : (
        <>
          <p className="max-w-prose text-ink-soft">
            Lost your codes, or used most of them? Make a new set: the old ones stop working.
          </p>
          <ConfirmButton
            label="Make new recovery codes"
            variant="secondary"
            title="Make new recovery codes?"
            confirmLabel="Make new codes"
            onConfirm={renew}
          >
            Your current recovery codes stop working at once.
          </ConfirmButton>
        </>
      )}
    </section>
  );
}

export function SignOutEverywhere() {
  async function signOutEverywhere() {
    try {
      await workspaceFetch("/sign-out-everywhere", { method: "POST" });
      window.location.assign(staffPaths.signIn);
    } catch (caught) {
      toast({ title: "Could not sign out everywhere", description: messageOf(caught) });
    }
  }
  return (
    <section aria-labelledby="sessions-title" className="space-y-4">
      <h2 id="sessions-title" className="text-2xl font-bold text-ink">
        Signed-in devices
      </h2>
      <p className="max-w-prose text-ink-soft">
        Left the workspace open on a shared or lost device? Sign out of every browser at once, this one
        included.
      </p>
      <ConfirmButton
        label="Sign out everywhere"
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        onConfirm={signOutEverywhere}
      >
        Every browser signed in to your account, this one too, has to sign in again.
      </ConfirmButton>
    </section>
  );
}

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { staffPaths } from "../../../shared/staff-paths";
import { Button } from "../../components/workspace/button";
import { ConfirmButton } from "../../components/workspace/confirm-button";
import { bodyCell, bodyRow, DataTable, headCell } from "../../components/workspace/data-table";
import { EmptyState } from "../../components/workspace/empty-state";
import { TextField } from "../../components/workspace/fields";
import { PageHeader } from "../../components/workspace/page-header";
import { withPasskeyPrompt } from "../../components/workspace/passkey-errors";
import { RecoveryCodes } from "../../components/workspace/recovery-codes";
import { toast } from "../../components/workspace/toasts";
import { useStaff } from "../../components/workspace/use-staff";
import { formatWhen } from "../../components/workspace/when";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { Route } from "./+types/account";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const meta = () => workspaceMeta("Your account");
export const handle = workspaceHandle;

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export async function clientLoader() {
  return workspaceFetch<{ passkeys: Passkey[] }>("/passkeys");
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Your account" description="Loading your passkeys…" />;
}

function messageOf(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}

/** A member of staff's own sign-in methods: passkeys, recovery codes, sessions. */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { email } = useStaff();
  return (
    <>
      <PageHeader title="Your account" description={`How ${email} signs in.`} />
      <div className="space-y-12">
        <Passkeys passkeys={loaderData.passkeys} />
        <NewRecoveryCodes />
        <SignOutEverywhere />
      </div>
    </>
  );
}

function Passkeys({ passkeys }: { passkeys: Passkey[] }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setBusy(true);
    setError("");
    try {
      const optionsJSON = await workspaceFetch<PublicKeyCredentialCreationOptionsJSON>("/passkeys/options", {
        method: "POST",
      });
      const response = await withPasskeyPrompt(() => startRegistration({ optionsJSON }));
      await workspaceFetch("/passkeys", { body: { json: { response, name } } });
      form.reset();
      toast({
        variant: "success",
        title: "Passkey added",
        description: `Next time, sign in with “${name}”.`,
      });
      await revalidator.revalidate();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    try {
      await workspaceFetch(`/passkeys/${encodeURIComponent(passkey.id)}`, { method: "DELETE" });
      toast({ variant: "success", title: "Passkey removed" });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "Could not remove the passkey", description: messageOf(caught) });
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="space-y-4">
      <h2 id="passkeys-title" className="text-2xl font-bold text-ink">
        Passkeys
      </h2>
      <p className="max-w-prose text-ink-soft">
        A passkey signs you in with this device’s screen lock or a security key: no password or code to type,
        and nothing a fake site could reuse.
      </p>
      {passkeys.length === 0 ? (
        <EmptyState title="You have no passkey yet.">Add one below to sign in faster.</EmptyState>
      ) : (
        <DataTable caption="Your passkeys">
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Name
              </th>
              <th scope="col" className={headCell}>
                Added
              </th>
              <th scope="col" className={headCell}>
                Last used
              </th>
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) => (
              <tr key={passkey.id} className={bodyRow}>
                <td className={bodyCell}>{passkey.name}</td>
                <td className={bodyCell}>{formatWhen(passkey.createdAt)}</td>
                <td className={bodyCell}>{passkey.lastUsedAt ? formatWhen(passkey.lastUsedAt) : "Never"}</td>
                <td className={`${bodyCell} text-right`}>
                  <ConfirmButton
                    label="Remove"
                    accessibleLabel={`Remove ${passkey.name}`}
                    variant="quiet"
                    title={`Remove “${passkey.name}”?`}
                    confirmLabel="Remove passkey"
                    onConfirm={() => remove(passkey)}
                  >
                    You can no longer sign in with it. Your password and authenticator app still work.
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <form
        aria-label="Add a passkey"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => void add(event)}
      >
        <div className="w-full max-w-sm">
          <TextField
            label="Passkey name"
            name="name"
            required
            maxLength={60}
            description="So you can tell them apart, e.g. “Work laptop”."
            error={error || undefined}
          />
        </div>
        <Button type="submit" busy={busy}>
          Add a passkey
        </Button>
      </form>
    </section>
  );
}

function NewRecoveryCodes() {
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

function SignOutEverywhere() {
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

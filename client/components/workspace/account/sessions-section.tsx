/** The account page's signed-in browsers: each with where and when, ended one by one or all at once. */
import { staffPaths } from "#shared/staff-paths.ts";
import type { SessionSummary } from "#shared/staff-session-summary.ts";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { actionColumn, DataTable, type TableColumn } from "#client/components/workspace/data-table.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { useStepUp } from "./step-up-dialog";

export function Sessions({ sessions, reload }: { sessions: SessionSummary[]; reload: () => Promise<void> }) {
  const withStepUp = useStepUp();
  // Ending another browser's session, or all, needs a proof from the last 5 minutes (decision 048).
  async function end(session: SessionSummary) {
    try {
      const { signedOut } = await withStepUp(() =>
        workspaceFetch<{ signedOut: boolean }>(`/sessions/${encodeURIComponent(session.id)}`, {
          method: "DELETE",
        }),
      );
      if (signedOut) return window.location.assign(staffPaths.signIn);
      toast({ variant: "success", title: "Signed out", description: `${session.browser} is signed out.` });
      await reload();
    } catch (caught) {
      toast({ title: "Could not sign that browser out", description: apiMessage(caught) });
    }
  }

  async function signOutEverywhere() {
    try {
      await withStepUp(() => workspaceFetch("/sign-out-everywhere", { method: "POST" }));
      window.location.assign(staffPaths.signIn);
    } catch (caught) {
      toast({ title: "Could not sign out everywhere", description: apiMessage(caught) });
    }
  }

  const columns: readonly TableColumn<SessionSummary>[] = [
    {
      header: "Browser",
      card: "title",
      cell: (session) => (
        <>
          {session.browser}
          {session.current ? <span className="ml-2 font-semibold text-ink">(this browser)</span> : null}
        </>
      ),
    },
    { header: "IP address", card: "meta", cell: (session) => session.ip ?? "Unknown" },
    { header: "Signed in", card: "meta", cell: (session) => formatWhen(session.createdAt) },
    { header: "Last used", card: "meta", cell: (session) => formatWhen(session.lastUsedAt) },
    actionColumn((session) => (
      <ConfirmButton
        label="Sign out"
        accessibleLabel={
          session.current
            ? "Sign out this browser"
            : `Sign out ${session.browser}, last used ${formatWhen(session.lastUsedAt)}`
        }
        variant="quiet"
        title={session.current ? "Sign out this browser?" : `Sign out ${session.browser}?`}
        confirmLabel="Sign out"
        onConfirm={() => end(session)}
      >
        {session.current
          ? "You will have to sign in again here."
          : "That browser will have to sign in again to use the workspace."}
      </ConfirmButton>
    )),
  ];

  return (
    <TitledSection id="sessions" title="Signed-in browsers">
      <p className="max-w-prose text-ink-soft">
        A browser you do not recognise? Sign it out, change your password, and tell an admin.
      </p>
      <DataTable
        caption="Browsers signed in to your account"
        columns={columns}
        rows={sessions}
        rowKey={(session) => session.id}
        rowName={(session) => (session.current ? "this browser" : session.browser)}
      />
      <ConfirmButton
        label="Sign out everywhere"
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        onConfirm={signOutEverywhere}
      >
        Every browser signed in to your account, this one too, has to sign in again.
      </ConfirmButton>
    </TitledSection>
  );
}

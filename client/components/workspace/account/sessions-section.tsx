/** The account page's signed-in browsers: each with where and when, ended one by one or all at once. */
import { staffPaths } from "#shared/staff-paths.ts";
import type { SessionSummary } from "#shared/staff-session-summary.ts";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { bodyCell, bodyRow, DataTable } from "#client/components/workspace/data-table.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { formatWhen } from "#client/components/workspace/when.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function Sessions({ sessions, reload }: { sessions: SessionSummary[]; reload: () => Promise<void> }) {
  async function end(session: SessionSummary) {
    try {
      const { signedOut } = await workspaceFetch<{ signedOut: boolean }>(
        `/sessions/${encodeURIComponent(session.id)}`,
        { method: "DELETE" },
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
      await workspaceFetch("/sign-out-everywhere", { method: "POST" });
      window.location.assign(staffPaths.signIn);
    } catch (caught) {
      toast({ title: "Could not sign out everywhere", description: apiMessage(caught) });
    }
  }

  return (
    <TitledSection id="sessions" title="Signed-in browsers">
      <p className="max-w-prose text-ink-soft">
        A browser you do not recognise? Sign it out, change your password, and tell an admin.
      </p>
      <DataTable
        caption="Browsers signed in to your account"
        columns={["Browser", "IP address", "Signed in", "Last used", { hidden: "Actions" }]}
      >
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} className={bodyRow}>
              <td className={bodyCell}>
                {session.browser}
                {session.current ? <span className="ml-2 font-semibold text-ink">(this browser)</span> : null}
              </td>
              <td className={bodyCell}>{session.ip ?? "Unknown"}</td>
              <td className={bodyCell}>{formatWhen(session.createdAt)}</td>
              <td className={bodyCell}>{formatWhen(session.lastUsedAt)}</td>
              <td className={`${bodyCell} text-right`}>
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
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
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

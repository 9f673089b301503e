import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { useReloadable } from "#client/components/workspace/use-reloadable.ts";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/account";
import { ReplaceAuthenticator } from "#client/components/workspace/account/authenticator-section.tsx";
import { Passkeys, type Passkey } from "#client/components/workspace/account/passkeys-section.tsx";
import { ChangePassword } from "#client/components/workspace/account/password-section.tsx";
import { NewRecoveryCodes } from "#client/components/workspace/account/recovery-codes-section.tsx";
import { Sessions } from "#client/components/workspace/account/sessions-section.tsx";
import type { SessionSummary } from "#shared/staff-session-summary.ts";
import { StepUpProvider } from "#client/components/workspace/account/step-up-dialog.tsx";
import {
  WeeklyReport,
  type WeeklyReportChoice,
} from "#client/components/workspace/account/weekly-report-section.tsx";
import { CalendarFeed } from "#client/components/workspace/account/calendar-feed-section.tsx";
import type { CalendarFeedState } from "#shared/calendar-feed.ts";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Your account");
export const handle = workspaceHandle;

async function loadAccount() {
  const [{ passkeys }, { sessions }, weeklyReport, calendarFeed] = await Promise.all([
    workspaceFetch<{ passkeys: Passkey[] }>("/passkeys"),
    workspaceFetch<{ sessions: SessionSummary[] }>("/sessions"),
    workspaceFetch<WeeklyReportChoice>("/account/weekly-report"),
    workspaceFetch<CalendarFeedState>("/account/calendar-feed"),
  ]);
  return { passkeys, sessions, weeklyReport, calendarFeed };
}

export async function clientLoader() {
  return loadAccount();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageHeader title="Your account" description="Loading your sign-in methods…" />;
}

/**
 * A member of staff's own sign-in methods and sessions, and an admin's weekly e-mail;
 * changing a sign-in method needs "Confirm it's you".
 */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { email } = useStaff();
  const [{ passkeys, sessions, weeklyReport, calendarFeed }, reload] = useReloadable(loaderData, loadAccount);
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
          {calendarFeed.available ? <CalendarFeed feed={calendarFeed.feed} reload={reload} /> : null}
          <WeeklyReport choice={weeklyReport} />
        </div>
      </StepUpProvider>
    </>
  );
}

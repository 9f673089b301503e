import { formatDateLabel } from "#shared/forms/appointment.ts";
import type { MeetingList } from "#shared/staff-meetings.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { MeetingDays } from "#client/components/workspace/meetings/meeting-days.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/meetings";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Meetings");
export const handle = workspaceHandle;

/** How far back "Show past meetings" looks. */
const PAST_DAYS = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return workspaceFetch<MeetingList>(`/meetings${from ? `?from=${encodeURIComponent(from)}` : ""}`);
}
clientLoader.hydrate = true as const;

const description = "The meetings confirmed with visitors, soonest first, in Cape Town time.";

export function HydrateFallback() {
  return <PageHeader title="Meetings" description={description} />;
}

/** "2026-11-26" less `days` days. */
function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** `appointments list`'s confirmed ones, by day: what the sales desk has agreed to attend. */
export default function MeetingsPage({ loaderData }: Route.ComponentProps) {
  const { days, from, today } = loaderData;
  const showingPast = from < today;
  const toggle = showingPast ? (
    <ButtonLink href={staffPaths.meetings}>Hide past meetings</ButtonLink>
  ) : (
    <ButtonLink href={`${staffPaths.meetings}?from=${daysBefore(today, PAST_DAYS)}`}>
      Show past meetings
    </ButtonLink>
  );
  return (
    <>
      <PageHeader title="Meetings" description={description} actions={toggle} />
      {days.length === 0 ? (
        <EmptyState
          title={
            from === today ? "No meetings today or ahead." : `No meetings from ${formatDateLabel(from)} on.`
          }
          action={
            <ButtonLink href={`${staffPaths.leads}?form=appointment`}>See appointment requests</ButtonLink>
          }
        >
          Confirm an appointment request&apos;s time on its page and it is listed here.
        </EmptyState>
      ) : (
        <MeetingDays days={days} />
      )}
    </>
  );
}

import { formatDateLabel } from "#shared/forms/appointment.ts";
import type { MeetingList } from "#shared/staff-meetings.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { ButtonLink } from "#client/components/workspace/button.tsx";
import { EmptyState } from "#client/components/workspace/empty-state.tsx";
import { MeetingDays } from "#client/components/workspace/meetings/meeting-days.tsx";
import { TakerChoice } from "#client/components/workspace/meetings/taker-choice.tsx";
import { PageHeader } from "#client/components/workspace/page-header.tsx";
import { workspaceHandle, workspaceMeta } from "#client/components/workspace/workspace-page.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { Route } from "./+types/meetings";

export { WorkspaceErrorBoundary as ErrorBoundary } from "#client/components/workspace/workspace-error.tsx";

export const meta = () => workspaceMeta("Meetings");
export const handle = workspaceHandle;

/** How far back "Show past meetings" looks. */
const PAST_DAYS = 30;

/** The choices as a query: the day to list from, and only mine or everyone's. */
function choiceQuery(choice: { from?: string; mine: boolean }): string {
  const query = new URLSearchParams();
  if (choice.from) query.set("from", choice.from);
  if (choice.mine) query.set("owner", "mine");
  const text = query.toString();
  return text ? `?${text}` : "";
}

const meetingsHref = (choice: { from?: string; mine: boolean }) =>
  `${staffPaths.meetings}${choiceQuery(choice)}`;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = new URL(request.url).searchParams;
  // "Mine" is in the address, so the view can be reloaded, bookmarked and shared.
  const choice = { from: asked.get("from") ?? undefined, mine: asked.get("owner") === "mine" };
  return workspaceFetch<MeetingList>(`/meetings${choiceQuery(choice)}`);
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
  const { days, from, today, mine } = loaderData;
  const showingPast = from < today;
  const shownFrom = showingPast ? from : undefined;
  const toggle = showingPast ? (
    <ButtonLink href={meetingsHref({ mine })}>Hide past meetings</ButtonLink>
  ) : (
    <ButtonLink href={meetingsHref({ from: daysBefore(today, PAST_DAYS), mine })}>
      Show past meetings
    </ButtonLink>
  );
  const none = mine ? "None of your meetings" : "No meetings";
  return (
    <>
      <PageHeader title="Meetings" description={description} actions={toggle} />
      <TakerChoice
        choices={[
          { label: "Everyone’s", href: meetingsHref({ from: shownFrom, mine: false }), current: !mine },
          { label: "Mine", href: meetingsHref({ from: shownFrom, mine: true }), current: mine },
        ]}
      />
      {days.length === 0 ? (
        <EmptyState
          title={from === today ? `${none} today or ahead.` : `${none} from ${formatDateLabel(from)} on.`}
          action={
            <ButtonLink href={`${staffPaths.leads}?form=appointment`}>See appointment requests</ButtonLink>
          }
        >
          {mine
            ? "A meeting is yours when its appointment request is assigned to you."
            : "Confirm an appointment request's time on its page and it is listed here."}
        </EmptyState>
      ) : (
        <MeetingDays days={days} />
      )}
    </>
  );
}

/**
 * The account page's calendar feed (docs/decisions/063-staff-calendar-feeds.md): a private
 * address a calendar app subscribes to, listing the meetings this member of staff takes
 * (or, for an admin who chooses, every meeting). Its address is shown once, when it is
 * made: only a fingerprint of it is kept, so a lost address is replaced, not shown again.
 */
import { useState } from "react";
import type { CalendarFeedScopeName, CalendarFeedView, MadeCalendarFeed } from "#shared/calendar-feed.ts";
import { formatPublishTime } from "#shared/publish-time.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { SelectField } from "#client/components/workspace/fields.tsx";
import { CopyableAddress } from "#client/components/workspace/copyable-address.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { useStepUp } from "./step-up-dialog";

const scopeOptions = [
  { value: "own", label: "Only the meetings I take" },
  { value: "all", label: "Every meeting" },
] as const;

const whose = (scope: CalendarFeedScopeName) => (scope === "all" ? "every meeting" : "the meetings you take");

export function CalendarFeed({ feed, reload }: { feed: CalendarFeedView | null; reload: () => void }) {
  const withStepUp = useStepUp();
  const { role } = useStaff();
  const [scope, setScope] = useState<CalendarFeedScopeName>(feed?.scope ?? "own");
  const [made, setMade] = useState<MadeCalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);

  async function make(replacing: boolean) {
    setBusy(true);
    try {
      const answer = await withStepUp(() =>
        workspaceFetch<MadeCalendarFeed>("/account/calendar-feed", { body: { json: { scope } } }),
      );
      setMade(answer);
      reload();
    } catch (caught) {
      toast({
        title: replacing ? "Could not replace the feed’s address" : "Could not make a calendar feed",
        description: apiMessage(caught),
      });
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    try {
      await workspaceFetch("/account/calendar-feed", { method: "DELETE" });
      setMade(null);
      toast({ variant: "success", title: "Calendar feed revoked" });
      reload();
    } catch (caught) {
      toast({ title: "Could not revoke the calendar feed", description: apiMessage(caught) });
    }
  }

  const scopeChoice =
    role === "admin" ? (
      <SelectField
        label="Meetings in the feed"
        name="feedScope"
        value={scope}
        onChange={(event) => setScope(event.target.value === "all" ? "all" : "own")}
        options={scopeOptions}
        required
        className="max-w-xs"
      />
    ) : null;

  return (
    <TitledSection id="calendar-feed" title="Calendar feed">
      <p className="max-w-prose text-ink-soft">
        See your meetings in Google Calendar, Outlook or Apple Calendar: subscribe to your feed’s private
        address and your calendar keeps itself up to date. Anyone who has the address can read the meetings in
        it, so keep it to yourself.
      </p>
      {made ? (
        <div className="max-w-prose space-y-3 rounded-control border border-line p-4">
          <CopyableAddress
            label="Your feed’s address"
            name="calendarFeedUrl"
            value={made.url}
            description="Shown this once: copy it into your calendar now. If you lose it, replace it."
            copy={{
              label: "Copy address",
              variant: "secondary",
              copied: "Feed address copied",
              byHand: "Select the address and copy it yourself.",
            }}
          >
            <Button variant="quiet" className="min-h-11" onClick={() => setMade(null)}>
              Done
            </Button>
          </CopyableAddress>
          <p className="text-sm text-ink-soft">
            Google Calendar: Other calendars, From URL. Outlook: Add calendar, Subscribe from web. Apple
            Calendar: File, New Calendar Subscription.
          </p>
        </div>
      ) : null}
      {feed ? (
        <>
          <p className="max-w-prose text-ink">
            Your feed lists {whose(feed.scope)}; its address was made {formatPublishTime(feed.createdAt)}{" "}
            (South African time).
          </p>
          {scopeChoice}
          <div className="flex flex-wrap gap-3">
            <ConfirmButton
              label="Replace address"
              variant="secondary"
              title="Replace the feed’s address?"
              confirmLabel="Replace address"
              onConfirm={() => make(true)}
            >
              Calendars subscribed to the current address stop updating: subscribe them to the new one.
            </ConfirmButton>
            <ConfirmButton
              label="Revoke feed"
              title="Revoke the calendar feed?"
              confirmLabel="Revoke feed"
              onConfirm={revoke}
            >
              Calendars subscribed to it stop updating at once, and its address no longer opens.
            </ConfirmButton>
          </div>
        </>
      ) : (
        <>
          {scopeChoice}
          <Button variant="secondary" busy={busy} onClick={() => void make(false)}>
            Make a calendar feed
          </Button>
        </>
      )}
    </TitledSection>
  );
}

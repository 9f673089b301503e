/** The account page's weekly e-mail: an admin turns last week's figures on Monday morning on or off. */
import { useState } from "react";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

export type WeeklyReportChoice = { offered: boolean; on: boolean };

export function WeeklyReport({ choice }: { choice: WeeklyReportChoice }) {
  const [on, setOn] = useState(choice.on);
  const [busy, setBusy] = useState(false);
  if (!choice.offered) return null;
  async function choose(wanted: boolean) {
    setBusy(true);
    try {
      const saved = await workspaceFetch<WeeklyReportChoice>("/account/weekly-report", {
        body: { json: { on: wanted } },
      });
      setOn(saved.on);
      toast({
        variant: "success",
        title: saved.on
          ? "You will get the weekly e-mail on Monday mornings"
          : "You will no longer get the weekly e-mail",
      });
    } catch (caught) {
      toast({ title: "Could not change the weekly e-mail", description: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <TitledSection id="weekly-report" title="Weekly e-mail">
      <div className="text-ink">
        {/* The label holds the box, so the whole line is the 44 px target. */}
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input
            id="weekly-report-on"
            type="checkbox"
            className="size-5 shrink-0 accent-brand"
            aria-describedby="weekly-report-description"
            checked={on}
            disabled={busy}
            onChange={(event) => void choose(event.target.checked)}
          />
          Send me last week’s figures every Monday
        </label>
        <p id="weekly-report-description" className="ml-8 max-w-prose text-sm text-ink-soft">
          On Monday morning: visits and leads against the week before, the sources and campaigns that brought
          the most leads, and a link to the week in Insights.
        </p>
      </div>
    </TitledSection>
  );
}

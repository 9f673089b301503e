/** The account page's weekly e-mail: an admin turns last week's figures on Monday morning on or off. */
import { useState } from "react";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { CheckboxField } from "#client/components/workspace/fields.tsx";
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
      <CheckboxField
        id="weekly-report-on"
        label="Send me last week’s figures every Monday"
        description="On Monday morning: visits and leads against the week before, the sources and campaigns that brought the most leads, and a link to the week in Insights."
        checked={on}
        disabled={busy}
        onChange={(checked) => void choose(checked)}
      />
    </TitledSection>
  );
}

/** A lead's status with a note, saved as `leads status ID STATUS --note` does. */
import { leadStatuses } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField, TextAreaField } from "#client/components/workspace/fields.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import type { LeadDetail } from "./lead-fields";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";

export function StatusForm({ lead, reload }: { lead: LeadDetail; reload: () => Promise<void> }) {
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async (fields) => {
    const result = await workspaceFetch<{ changed: boolean }>(
      `/inbox/${encodeURIComponent(lead.id)}/status`,
      {
        body: { json: { status: fields.get("status"), note: fields.get("note") } },
      },
    );
    toast({
      variant: "success",
      title: result.changed ? "Status saved" : `Already ${String(fields.get("status"))}: nothing changed`,
    });
    await reload();
  });
  return (
    <TitledSection id="status" title="Status">
      <p className="text-ink-soft">
        Now{" "}
        <StatusBadge tone={lead.record.status === "new" ? "info" : "neutral"}>
          {lead.record.status}
        </StatusBadge>
        {lead.record.statusNote ? ` — ${lead.record.statusNote}` : ""}
      </p>
      {/* Keyed by the last change, so the form starts afresh from the status just saved. */}
      <form
        key={`${lead.record.status}-${lead.history.length}`}
        {...formProps}
        noValidate
        className="space-y-4"
      >
        <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
        <SelectField
          label="New status"
          name="status"
          required
          options={leadStatuses.map((status) => ({ value: status, label: status }))}
          defaultValue={lead.record.status}
        />
        <TextAreaField label="Note" name="note" rows={3} limit={1000} description="Why, in a few words." />
        <Button type="submit" busy={busy}>
          Save status
        </Button>
      </form>
    </TitledSection>
  );
}

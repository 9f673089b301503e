/** A lead's status with a note, saved as `leads status ID STATUS --note` does. */
import { useState, type FormEvent } from "react";
import { leadStatuses } from "#shared/inbox.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField, TextAreaField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { StatusBadge } from "#client/components/workspace/status-badge.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import type { LeadDetail } from "./lead-fields";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";

export function StatusForm({ lead, reload }: { lead: LeadDetail; reload: () => Promise<void> }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    setError("");
    try {
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
    } catch (caught) {
      setError(apiMessage(caught));
    } finally {
      setBusy(false);
    }
  }
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
        onSubmit={(event) => void save(event)}
        className="space-y-4"
      >
        {error ? <Notice tone="danger">{error}</Notice> : null}
        <SelectField
          label="New status"
          name="status"
          required
          options={leadStatuses.map((status) => ({ value: status, label: status }))}
          defaultValue={lead.record.status}
        />
        <TextAreaField
          label="Note"
          name="note"
          rows={3}
          maxLength={1000}
          description="Why, in a few words."
        />
        <Button type="submit" busy={busy}>
          Save status
        </Button>
      </form>
    </TitledSection>
  );
}

/** A screenshot of a service page: its image, position and alt text; move it or remove it. */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";
import { apiMessage as messageOf } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { PositionField } from "./position-field";

export function ScreenshotRow({
  shot,
  maxPosition,
  pageTitle,
}: {
  shot: ScreenshotRecord;
  maxPosition: number;
  pageTitle: string;
}) {
  const revalidator = useRevalidator();
  const [position, setPosition] = useState(String(shot.position));
  const what = shot.altText ?? `screenshot ${shot.id}`;
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async () => {
    await workspaceFetch(`/screenshots/${shot.id}/move`, {
      body: { json: { position: Number(position) } },
    });
    toast({ variant: "success", title: `Moved to position ${position}` });
    await revalidator.revalidate();
  });

  async function remove() {
    try {
      await workspaceFetch(`/screenshots/${shot.id}`, { method: "DELETE" });
      toast({ variant: "success", title: "Screenshot removed" });
      await revalidator.revalidate();
    } catch (caught) {
      toast({ title: "Could not remove it", description: messageOf(caught) });
    }
  }

  return (
    <li className="flex flex-wrap items-start gap-4 rounded-card border border-line bg-surface p-4">
      <img
        src={shot.imageUrl}
        width={shot.width}
        height={shot.height}
        alt={shot.altText ?? ""}
        className="h-24 w-auto rounded-control border border-line object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium text-ink">Position {shot.position}</p>
        <p className="text-ink-soft">{shot.altText ?? "No alt text"}</p>
        <form {...formProps} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="w-full empty:hidden">
            <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
          </div>
          <div className="w-32">
            <PositionField
              maxPosition={maxPosition}
              value={position}
              onValue={setPosition}
              aria-label={`Position of “${what}” on ${pageTitle}`}
              error={fieldErrors.position}
              required
            />
          </div>
          <Button type="submit" variant="secondary" busy={busy} aria-label={`Move “${what}”`}>
            Move
          </Button>
          <ConfirmButton
            label="Remove"
            accessibleLabel={`Remove “${what}”`}
            title="Remove this screenshot?"
            confirmLabel="Remove screenshot"
            onConfirm={remove}
          >
            {pageTitle} shows its built-in image at position {shot.position} again.
          </ConfirmButton>
        </form>
      </div>
    </li>
  );
}

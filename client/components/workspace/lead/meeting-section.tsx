/**
 * An appointment request's meeting: confirm it for a date, time and length, move it or
 * cancel it, as `appointments confirm|reschedule|cancel` do, each e-mailing the visitor
 * the calendar invitation, its update or its cancellation.
 */
import { useRef, useState } from "react";
import { formatMinutes, type MeetingPlan } from "#shared/staff-meetings.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { formatWhen } from "#client/components/workspace/when.ts";
import type { LeadDetail } from "./lead-fields";

const meetingPath = (id: string) => `/inbox/${encodeURIComponent(id)}/meeting`;

/** The request's meeting plan for its page; nothing for a lead, which has no meeting. */
export function loadMeetingPlan(id: string): Promise<MeetingPlan | undefined> {
  return id.startsWith("ap-") ? workspaceFetch<MeetingPlan>(meetingPath(id)) : Promise.resolve(undefined);
}

type Done = { when: string; email: string };

/** The two ways to set a meeting's time: the path after the meeting's, the button, and what is said once done. */
const meetingSteps = {
  confirm: {
    path: "",
    submitLabel: "Confirm and send the invitation",
    doneTitle: (result: Done) =>
      `Meeting confirmed for ${result.when}: the invitation to ${result.email} is queued`,
  },
  reschedule: {
    path: "/reschedule",
    submitLabel: "Reschedule and send the update",
    doneTitle: (result: Done) => `Meeting moved to ${result.when}: the update to ${result.email} is queued`,
  },
};

function MeetingForm({
  id,
  plan,
  step,
  finished,
}: {
  id: string;
  plan: MeetingPlan;
  step: keyof typeof meetingSteps;
  /** Says the title and reloads the page's data. */
  finished: (title: string) => Promise<void>;
}) {
  const { path, submitLabel, doneTitle } = meetingSteps[step];
  // Refused because another meeting has the time: an admin may put it there anyway, saying why.
  const [overlapping, setOverlapping] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { error, fieldErrors, attempt, busy, clearErrors, formProps } = useFormSave(
    async (fields, { submitter }) => {
      const overriding = submitter instanceof HTMLButtonElement && submitter.value === "override";
      let result: Done;
      try {
        result = await workspaceFetch<Done>(`${meetingPath(id)}${path}`, {
          body: {
            json: {
              date: fields.get("date"),
              time: fields.get("time"),
              minutes: Number(fields.get("minutes")),
              ...(overriding ? { override: String(fields.get("reason") ?? "") } : {}),
            },
          },
        });
      } catch (caught) {
        if (caught instanceof WorkspaceApiError && caught.status === 409 && caught.fieldErrors.time) {
          setOverlapping(true);
        }
        throw caught;
      }
      await finished(doneTitle(result));
    },
  );
  // The body's "override" is the form's reason field.
  const { override, ...errors }: Record<string, string> = fieldErrors;
  if (override) errors.reason ??= override;
  /** Puts a proposed free time into the date and time fields. */
  function propose(date: string, time: string) {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of [
      ["date", date],
      ["time", time],
    ] as const) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    }
    clearErrors();
    setOverlapping(false);
    const timeInput = form.elements.namedItem("time");
    if (timeInput instanceof HTMLInputElement) timeInput.focus();
  }
  return (
    <form ref={formRef} {...formProps} className="space-y-4" noValidate>
      <ErrorSummary problem={error} errors={errors} attempt={attempt} />
      {plan.taken && step === "confirm" ? (
        <Notice tone="warning" title="The time asked for is taken">
          <p>It overlaps {plan.taken.by}.</p>
          {plan.taken.freeTimes.length > 0 ? (
            <>
              <p className="mt-2">Free times to propose:</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {plan.taken.freeTimes.map((free) => (
                  <li key={`${free.date} ${free.time}`}>
                    <Button variant="secondary" onClick={() => propose(free.date, free.time)}>
                      {free.label}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-2">No time is free in the week either side of it.</p>
          )}
        </Notice>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date"
          name="date"
          type="date"
          required
          defaultValue={plan.date}
          error={errors.date}
        />
        <TextField
          label="Time"
          name="time"
          type="time"
          step={60}
          required
          defaultValue={plan.time}
          description="Cape Town time."
          error={errors.time}
        />
      </div>
      <SelectField
        label="Length"
        name="minutes"
        required
        defaultValue={String(plan.minutes)}
        options={plan.lengths.map((minutes) => ({ value: String(minutes), label: formatMinutes(minutes) }))}
        error={errors.minutes}
      />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      {overlapping && plan.mayOverride ? (
        <div className="space-y-3 border-t border-line pt-4">
          <TextField
            label="Reason to overlap the other meeting"
            name="reason"
            required
            limit={500}
            description="Admins only. Recorded in the audit log with your name."
            error={errors.reason}
          />
          <Button type="submit" variant="danger" value="override" busy={busy}>
            {step === "confirm" ? "Confirm anyway" : "Reschedule anyway"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

export function MeetingSection({
  lead,
  plan,
  reload,
}: {
  lead: LeadDetail;
  plan: MeetingPlan;
  reload: () => Promise<void>;
}) {
  const { record } = lead;
  const name = String(record.name ?? "the visitor");
  const confirmedFor =
    record.scheduledStart && record.scheduledMinutes
      ? `${formatWhen(String(record.scheduledStart))}, ${formatMinutes(Number(record.scheduledMinutes))}`
      : "";
  async function finished(title: string) {
    toast({ variant: "success", title });
    await reload();
  }
  async function cancel() {
    try {
      const result = await workspaceFetch<Done>(`${meetingPath(lead.id)}/cancel`, { method: "POST" });
      await finished(`Meeting cancelled: the cancellation to ${result.email} is queued`);
    } catch (caught) {
      toast({ title: "Could not cancel the meeting", description: apiMessage(caught) });
    }
  }

  let body;
  if (record.suspectedSpam) {
    body = <p className="text-ink-soft">Release this request before booking a meeting.</p>;
  } else if (record.status === "spam") {
    body = <p className="text-ink-soft">This request is marked spam: no meeting can be booked.</p>;
  } else if (plan.schedule === "cancelled") {
    body = (
      <p className="text-ink-soft">
        The meeting{confirmedFor ? ` of ${confirmedFor}` : ""} was cancelled. To meet after all, ask the
        visitor to request a new time.
      </p>
    );
  } else if (plan.schedule === "confirmed") {
    body = (
      <>
        <p className="text-ink">Confirmed for {confirmedFor} (Cape Town time).</p>
        <h3 className="text-lg font-semibold text-ink">Move it</h3>
        <MeetingForm id={lead.id} plan={plan} step="reschedule" finished={finished} />
        <ConfirmButton
          label="Cancel the meeting"
          title={`Cancel the meeting with ${name}?`}
          confirmLabel="Cancel the meeting"
          onConfirm={cancel}
        >
          {name} is e-mailed a cancellation that takes it out of their calendar. This cannot be undone: to
          meet after all, they request a new time.
        </ConfirmButton>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-ink-soft">
          Not booked yet. Agree a time with the visitor, then confirm it: they get a calendar invitation.
        </p>
        <MeetingForm id={lead.id} plan={plan} step="confirm" finished={finished} />
      </>
    );
  }
  return (
    <TitledSection id="meeting" title="Meeting">
      {/* Keyed by the schedule, so each form starts afresh from the time just saved. */}
      <div
        key={`${plan.schedule ?? "requested"}-${plan.date}-${plan.time}-${plan.minutes}`}
        className="space-y-4"
      >
        {body}
      </div>
    </TitledSection>
  );
}

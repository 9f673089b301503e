import { Form } from "react-router";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { paths } from "#shared/paths.ts";

/**
 * The sections of a visitor's own appointment page (client/routes/appointment-manage.tsx):
 * what a closed link says, and the open appointment with its move and cancel forms.
 */

export const closed = {
  invalid: {
    title: "Link not valid",
    text: "This link does not open an appointment. Use the newest e-mail we sent you, or reply to it.",
  },
  used: {
    title: "This link was used",
    text: "You changed your appointment with this link, so it no longer works. The e-mail about that change has a new one.",
  },
  expired: {
    title: "This link has expired",
    text: "The appointment's time has passed. To meet us again, request a new appointment.",
  },
  cancelled: {
    title: "Appointment cancelled",
    text: "This appointment is cancelled. To meet us after all, request a new appointment.",
  },
} as const;

export function Closing({ title, text, when }: { title: string; text: string; when?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={text} />
      <section className="page-container section space-y-6 text-center">
        {when ? <p className="text-ink-soft">It was for {when} (Cape Town time).</p> : null}
        <p className="flex flex-wrap justify-center gap-4">
          <a href={paths.bookAppointment} className="btn-primary">
            Request an appointment
          </a>
          <a href={paths.home} className="btn-secondary">
            Return to Home
          </a>
        </p>
      </section>
    </>
  );
}

const radioClass =
  "flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-line-strong bg-surface px-3 text-ink has-[:checked]:border-brand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40";

/** What the page needs of an open appointment (the server's view has this shape). */
type OpenView = {
  status: "requested" | "confirmed";
  when: string;
  place: string;
  service: string;
  freeDays: { date: string; label: string; times: { value: string }[] }[];
};

/** The open appointment: what it is, the free times to move to, and a cancel button. */
export function ManageAppointment({ view, error }: { view: OpenView; error?: string }) {
  const freeDays = view.freeDays.filter((day) => day.times.length > 0);
  return (
    <>
      <PageHeader
        title="Your appointment"
        subtitle={
          view.status === "confirmed"
            ? "Confirmed. Move it or cancel it here."
            : "Requested: we will confirm it by e-mail. Move it or cancel it here."
        }
      />
      <section className="page-container section max-w-3xl space-y-10">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-bold text-ink">Status</dt>
          <dd className="text-ink">
            {view.status === "confirmed" ? "Confirmed" : "Requested, not yet confirmed"}
          </dd>
          <dt className="font-bold text-ink">When</dt>
          <dd className="text-ink">{view.when} (Cape Town time)</dd>
          <dt className="font-bold text-ink">Where</dt>
          <dd className="break-words text-ink">{view.place}</dd>
          <dt className="font-bold text-ink">About</dt>
          <dd className="text-ink">{view.service}</dd>
        </dl>

        <Form method="post" className="space-y-6" aria-labelledby="move-heading">
          <h2 id="move-heading" className="text-2xl font-bold text-ink">
            Move to another free time
          </h2>
          {error ? (
            <p role="alert" id="manage-error" className="font-medium text-danger">
              {error}
            </p>
          ) : null}
          {freeDays.length === 0 ? (
            <p className="text-ink-soft">
              No other time is free in the next two weeks. Reply to our e-mail and we will find one.
            </p>
          ) : (
            freeDays.map((day) => (
              <fieldset key={day.date} className="space-y-2">
                <legend className="font-bold text-ink">{day.label}</legend>
                <div className="flex flex-wrap gap-2">
                  {day.times.map((time) => (
                    <label key={time.value} className={radioClass}>
                      <input
                        type="radio"
                        name="slot"
                        value={`${day.date}|${time.value}`}
                        required
                        aria-describedby={error ? "manage-error" : undefined}
                      />
                      {time.value}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))
          )}
          {freeDays.length > 0 ? (
            <button type="submit" name="intent" value="move" className="btn-primary">
              Move my appointment
            </button>
          ) : null}
        </Form>

        <Form method="post" className="space-y-4" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className="text-2xl font-bold text-ink">
            Cancel it
          </h2>
          <p className="text-ink-soft">
            We will e-mail you the cancellation and free the time for someone else.
          </p>
          <button type="submit" name="intent" value="cancel" className="btn-secondary">
            Cancel my appointment
          </button>
        </Form>
      </section>
    </>
  );
}

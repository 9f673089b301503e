/**
 * The booking calendar's rules (`site-admin availability set`): working hours per weekday,
 * days off, South Africa's public holidays, notice, buffer, meetings a day, and whether a
 * free time is booked at once. Saved together; a refusal lists each field's problem at the top.
 */
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";

/** The rules by their CLI names, in its words ("09:00-17:00", "off", "4h", "15m", "on"). */
export type AvailabilityRuleValues = Record<string, string>;

const weekdays = [
  ["mon", "Monday"],
  ["tue", "Tuesday"],
  ["wed", "Wednesday"],
  ["thu", "Thursday"],
  ["fri", "Friday"],
  ["sat", "Saturday"],
  ["sun", "Sunday"],
] as const;

const onOff = [
  { value: "on", label: "On" },
  { value: "off", label: "Off" },
];

/** "4h" → "4", "15m" → "15": the form asks for the number, the unit is in the label. */
const number = (text: string | undefined) => (text ?? "").replace(/[hm]$/, "");

export function AvailabilityForm({
  rules,
  onSaved,
}: {
  rules: AvailabilityRuleValues;
  onSaved: (rules: AvailabilityRuleValues) => void;
}) {
  const {
    error,
    fieldErrors: errors,
    attempt,
    busy,
    formProps,
  } = useFormSave(async (data) => {
    const text = (name: string) => String(data.get(name) ?? "");
    const sent: AvailabilityRuleValues = {
      ...Object.fromEntries(weekdays.map(([day]) => [`hours.${day}`, text(`hours.${day}`)])),
      "days-off": text("days-off"),
      holidays: text("holidays"),
      notice: `${text("notice")}h`,
      buffer: `${text("buffer")}m`,
      "max-per-day": text("max-per-day"),
      instant: text("instant"),
    };
    const saved = await workspaceFetch<{ rules: AvailabilityRuleValues; changed: string[] }>(
      "/availability",
      {
        body: { json: { rules: sent } },
      },
    );
    onSaved(saved.rules);
    toast(
      saved.changed.length === 0
        ? { title: "Nothing to save", description: "The booking calendar's rules are as they were." }
        : {
            variant: "success",
            title: "Booking calendar saved",
            description: "The booking form offers times by these rules from its next visitor.",
          },
    );
  });

  return (
    <form
      key={JSON.stringify(rules)}
      aria-label="Booking calendar"
      className="max-w-2xl space-y-8"
      noValidate
      {...formProps}
    >
      <ErrorSummary problem={error} errors={errors} attempt={attempt} />
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-bold text-ink">Working hours</legend>
        <p className="text-sm text-ink-soft">
          Cape Town time, like 09:00-17:00, or off. The booking form offers its usual times inside these hours
          only.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {weekdays.map(([day, label]) => (
            <TextField
              key={day}
              label={label}
              name={`hours.${day}`}
              defaultValue={rules[`hours.${day}`]}
              autoComplete="off"
              required
              error={errors[`hours.${day}`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-bold text-ink">Days off</legend>
        <TextField
          label="Days the agency is closed"
          name="days-off"
          defaultValue={rules["days-off"] === "none" ? "" : rules["days-off"]}
          description="Dates like 2026-12-24, separated by commas; empty for none."
          autoComplete="off"
          error={errors["days-off"]}
        />
        <SelectField
          label="South Africa’s public holidays"
          name="holidays"
          defaultValue={rules.holidays}
          options={[
            { value: "on", label: "Closed on public holidays" },
            { value: "off", label: "Open on public holidays" },
          ]}
          error={errors.holidays}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-bold text-ink">Meetings</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Minimum notice (hours)"
            name="notice"
            inputMode="numeric"
            defaultValue={number(rules.notice)}
            required
            error={errors.notice}
          />
          <TextField
            label="Buffer after each (minutes)"
            name="buffer"
            inputMode="numeric"
            defaultValue={number(rules.buffer)}
            required
            error={errors.buffer}
          />
          <TextField
            label="At most a day"
            name="max-per-day"
            inputMode="numeric"
            defaultValue={rules["max-per-day"]}
            required
            error={errors["max-per-day"]}
          />
        </div>
        <SelectField
          label="Instant booking"
          name="instant"
          defaultValue={rules.instant}
          options={onOff}
          description="On: the form offers only free times and books one at once, sending the invitation. Off: visitors request a time and staff confirm it."
          error={errors.instant}
        />
      </fieldset>
      <Button type="submit" busy={busy}>
        Save the booking calendar
      </Button>
    </form>
  );
}

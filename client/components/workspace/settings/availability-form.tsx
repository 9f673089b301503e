/**
 * The booking calendar's rules (`site-admin availability set`): working hours per weekday,
 * days off, South Africa's public holidays, notice, buffer, meetings a day, and whether a
 * free time is booked at once. Saved together; a refusal lists each field's problem at the top.
 */
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { saveWhole, WholeForm } from "./save-whole";

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

/** The meetings' numbers: the form asks for the number, its unit is in the label and added back on saving. */
const meetingNumbers = [
  { name: "notice", label: "Minimum notice (hours)", unit: "h" },
  { name: "buffer", label: "Buffer after each (minutes)", unit: "m" },
  { name: "max-per-day", label: "At most a day", unit: "" },
] as const;

/** "4h" → "4", "15m" → "15" (a count, "5", stays as it is). */
const number = (text: string | undefined) => (text ?? "").replace(/[hm]$/, "");

export function AvailabilityForm({
  rules,
  onSaved,
}: {
  rules: AvailabilityRuleValues;
  onSaved: (rules: AvailabilityRuleValues) => void;
}) {
  const save = useFormSave(async (data) => {
    const text = (name: string) => String(data.get(name) ?? "");
    const sent: AvailabilityRuleValues = {
      ...Object.fromEntries(weekdays.map(([day]) => [`hours.${day}`, text(`hours.${day}`)])),
      "days-off": text("days-off"),
      holidays: text("holidays"),
      ...Object.fromEntries(meetingNumbers.map(({ name, unit }) => [name, `${text(name)}${unit}`])),
      instant: text("instant"),
    };
    await saveWhole("/availability", "rules", sent, onSaved, {
      unchanged: "The booking calendar's rules are as they were.",
      title: "Booking calendar saved",
      description: "The booking form offers times by these rules from its next visitor.",
    });
  });

  const { fieldErrors: errors, busy } = save;
  return (
    <WholeForm stored={rules} label="Booking calendar" className="max-w-2xl space-y-8" save={save}>
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
          {meetingNumbers.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              name={name}
              inputMode="numeric"
              defaultValue={number(rules[name])}
              required
              error={errors[name]}
            />
          ))}
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
    </WholeForm>
  );
}

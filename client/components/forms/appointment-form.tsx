import { useState } from "react";
import {
  appointmentLabels,
  appointmentMessages,
  appointmentTimeSlots,
  serviceTypeOptions,
  type AppointmentField,
  type DateOption,
} from "#shared/forms/appointment.ts";
import { appointmentFailureFallback, formToasts } from "#shared/error-catalogue.ts";
import type { FieldErrors } from "#shared/forms/field-errors.ts";
import { formLimits } from "#shared/forms/rules.ts";
import { notify } from "#client/lib/notify.ts";
import {
  bindField,
  BotGuardFields,
  EmailField,
  FormAlert,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
  VisitField,
  type FormBinding,
} from "./fields";
import { correctTheErrors, useJsonForm } from "./use-json-form";
import { apiPaths } from "#shared/paths.ts";
import {
  dayIsFull,
  requestSummary,
  slotStatusLine,
  type BookingCalendar,
  type BookingDay,
} from "#shared/booking-calendar.ts";
import { uiStrings } from "#shared/ui-strings.ts";

export type AppointmentActionData =
  | { success: true; date?: string; time?: string }
  | { success: false; error: string; fieldErrors: FieldErrors; values: Record<string, string> };

export type AppointmentFormProps = {
  dateOptions: readonly DateOption[];
  /** The signed start field from the page's loader. */
  formToken: string;
  actionData: AppointmentActionData | undefined;
  /** Which times are free, and whether a free one is booked at once (instant) or requested. */
  calendar?: BookingCalendar;
};

/**
 * The dates: with instant booking a day with no free time left is disabled and says so;
 * as requests, the specification's options exactly (the visitor states a preference).
 */
function dateChoices(dateOptions: readonly DateOption[], calendar: BookingCalendar | undefined) {
  if (!calendar?.instant) return dateOptions;
  return dateOptions.map((option) => {
    const day = calendar.days.find((candidate) => candidate.date === option.value);
    const full = day !== undefined && dayIsFull(day);
    return full ? { ...option, label: `${option.label} (fully booked)`, disabled: true } : option;
  });
}

/** The 7 times: with instant booking those not free on the chosen day are disabled and marked. */
function timeChoices(calendar: BookingCalendar | undefined, day: BookingDay | undefined) {
  return appointmentTimeSlots.map((slot) => {
    const judged = day?.slots.find((candidate) => candidate.value === slot);
    if (!calendar?.instant || !judged || judged.free) return { value: slot, label: slot };
    return { value: slot, label: `${slot} (taken)`, disabled: true };
  });
}

/** requirements §2/§5: the appointment request, stored as one appointment_requests row. */
export function AppointmentForm({ dateOptions, formToken, actionData, calendar }: AppointmentFormProps) {
  // Success clears every field (requirements §4): a new key gives a fresh, empty form.
  const [generation, setGeneration] = useState(0);
  const redisplayed = actionData && !actionData.success && generation === 0 ? actionData.values : {};
  // What is chosen now, for the line beside the time and the instant mode's times.
  const [chosen, setChosen] = useState({
    date: redisplayed.preferred_date ?? "",
    time: redisplayed.preferred_time ?? "",
  });
  // What the last request asked for, said beside the toast (it stays after the form clears).
  const [asked, setAsked] = useState<{ date: string; time: string } | undefined>(undefined);
  const succeeded =
    asked ??
    (actionData?.success && generation === 0 && actionData.date && actionData.time
      ? { date: actionData.date, time: actionData.time }
      : undefined);
  const form = useJsonForm({
    // The dates on offer when the visitor sends the form, which may be a day after it was shown.
    loadSchema: () =>
      import("#shared/forms/appointment-schema.ts").then((module) =>
        module.createAppointmentSchema(new Date()),
      ),
    endpoint: apiPaths.appointments,
    initialErrors: actionData && !actionData.success ? actionData.fieldErrors : undefined,
    describeInvalid: correctTheErrors,
    onSuccess: (sent) => {
      const data = new FormData(sent);
      setAsked({
        date: String(data.get("preferred_date") ?? ""),
        time: String(data.get("preferred_time") ?? ""),
      });
      setChosen({ date: "", time: "" });
      setGeneration((value) => value + 1);
      void notify({
        variant: "success",
        title: formToasts.appointmentSuccessTitle,
        description: formToasts.appointmentSuccessDescription,
      });
    },
    onFailure: (message) =>
      void notify({ title: formToasts.errorTitle, description: message ?? appointmentFailureFallback }),
  });
  const binding: FormBinding<AppointmentField> = {
    errors: form.fieldErrors,
    values: redisplayed,
    clearError: form.clearError,
  };
  const field = (name: AppointmentField) => bindField(binding, name, appointmentLabels[name]);
  const chosenDay = calendar?.days.find((day) => day.date === chosen.date);
  const status = calendar ? (slotStatusLine(calendar.days, chosen.date, chosen.time) ?? "") : undefined;
  const summary = succeeded
    ? requestSummary(succeeded.date, succeeded.time, calendar?.instant ?? false)
    : undefined;

  return (
    <form
      key={generation}
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      onFocus={form.onFocus}
      onChange={(event) => {
        const target = event.target;
        if (!(target instanceof HTMLSelectElement)) return;
        if (target.name === "preferred_date") setChosen((now) => ({ ...now, date: target.value }));
        if (target.name === "preferred_time") setChosen((now) => ({ ...now, time: target.value }));
      }}
      aria-label="Appointment request"
      className="relative space-y-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8"
    >
      {actionData?.success && generation === 0 ? (
        <FormAlert tone="success" title={formToasts.appointmentSuccessTitle}>
          {formToasts.appointmentSuccessDescription}
        </FormAlert>
      ) : null}
      {summary ? (
        <p role="status" className="rounded-control bg-brand-soft px-4 py-3 font-medium text-ink">
          {summary}
        </p>
      ) : null}
      {actionData && !actionData.success && generation === 0 ? (
        <FormAlert tone="error" title={formToasts.validationTitle}>
          {actionData.error === appointmentMessages.dateUnavailable
            ? actionData.error
            : formToasts.validationDescription}
        </FormAlert>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField {...field("name")} required autoComplete="name" maxLength={formLimits.nameMax} />
        <EmailField {...field("email")} required />
        <PhoneField {...field("phone")} required />
        <TextField {...field("company")} autoComplete="organization" maxLength={formLimits.companyMax} />
        <div className="sm:col-span-2">
          <SelectField
            {...field("service_type")}
            required
            placeholder="Select a service"
            options={serviceTypeOptions}
          />
        </div>
        <SelectField
          {...field("preferred_date")}
          required
          placeholder="Select a date"
          options={dateChoices(dateOptions, calendar)}
          hint="Weekdays in the next two weeks"
        />
        <SelectField
          {...field("preferred_time")}
          required
          placeholder="Select a time"
          options={timeChoices(calendar, chosenDay)}
          hint="South African time (SAST)"
          status={status}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            {...field("project_details")}
            required
            maxLength={formLimits.projectDetailsMax}
            hint="What would you like to build or improve? (10 to 1000 characters)"
          />
        </div>
      </div>
      <BotGuardFields formToken={formToken} />
      <VisitField />
      <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? uiStrings.submitting : "Request Appointment"}
      </button>
    </form>
  );
}

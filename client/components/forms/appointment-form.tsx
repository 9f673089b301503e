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
import { formLimits, phoneNumberHint } from "#shared/forms/rules.ts";
import { notify } from "#client/lib/notify.ts";
import {
  bindField,
  BotGuardFields,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  VisitField,
  type FormBinding,
} from "./fields";
import { correctTheErrors, useJsonForm } from "./use-json-form";
import { apiPaths } from "#shared/paths.ts";
import { uiStrings } from "#shared/ui-strings.ts";

export type AppointmentActionData =
  | { success: true }
  | { success: false; error: string; fieldErrors: FieldErrors; values: Record<string, string> };

export type AppointmentFormProps = {
  dateOptions: readonly DateOption[];
  /** The signed start field from the page's loader. */
  formToken: string;
  actionData: AppointmentActionData | undefined;
};

const timeOptions = appointmentTimeSlots.map((slot) => ({ value: slot, label: slot }));

/** SPEC §2/§5: the appointment request, stored as one appointment_requests row. */
export function AppointmentForm({ dateOptions, formToken, actionData }: AppointmentFormProps) {
  // Success clears every field (SPEC §4): a new key gives a fresh, empty form.
  const [generation, setGeneration] = useState(0);
  const form = useJsonForm({
    // The dates on offer when the visitor sends the form, which may be a day after it was shown.
    loadSchema: () =>
      import("#shared/forms/appointment-schema.ts").then((module) =>
        module.createAppointmentSchema(new Date()),
      ),
    endpoint: apiPaths.appointments,
    initialErrors: actionData && !actionData.success ? actionData.fieldErrors : undefined,
    describeInvalid: correctTheErrors,
    onSuccess: () => {
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
    values: actionData && !actionData.success && generation === 0 ? actionData.values : {},
    clearError: form.clearError,
  };
  const field = (name: AppointmentField) => bindField(binding, name, appointmentLabels[name]);

  return (
    <form
      key={generation}
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      onFocus={form.onFocus}
      aria-label="Appointment request"
      className="relative space-y-6 rounded-card bg-surface p-6 shadow-card ring-1 ring-line sm:p-8"
    >
      {actionData?.success && generation === 0 ? (
        <FormAlert tone="success" title={formToasts.appointmentSuccessTitle}>
          {formToasts.appointmentSuccessDescription}
        </FormAlert>
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
        <TextField
          {...field("email")}
          type="email"
          required
          autoComplete="email"
          maxLength={formLimits.emailMax}
        />
        <TextField
          {...field("phone")}
          type="tel"
          required
          autoComplete="tel"
          maxLength={formLimits.phoneInputMax}
          hint={phoneNumberHint}
        />
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
          options={dateOptions}
          hint="Weekdays in the next two weeks"
        />
        <SelectField
          {...field("preferred_time")}
          required
          placeholder="Select a time"
          options={timeOptions}
          hint="South African time (SAST)"
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

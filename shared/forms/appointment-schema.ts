import * as z from "zod/mini";
import {
  appointmentDateOptions,
  appointmentLabels,
  appointmentMessages,
  appointmentTimeSlots,
  serviceTypeOptions,
} from "./appointment";
import { formatCheck } from "./field-errors";
import { formLimits, looksLikePhoneNumber, optionValues } from "./rules";
import { cleanedEmail, cleanedText } from "./schema-parts";

const m = appointmentMessages;
const l = appointmentLabels;
const between = (min: number, max: number, message: string) => (field: z.ZodMiniString<string>) =>
  field.check(z.minLength(min, message), z.maxLength(max, message));

const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/**
 * requirements §5 appointment rules for a visitor at `now` (the date must be one offered at that
 * moment). The keys are the columns of requirements §3's appointment_requests; `satisfies`: they
 * are exactly the labels' keys, so neither can lack one the other has.
 */
export function createAppointmentSchema(now: Date) {
  const offered = new Set(appointmentDateOptions(now).map((option) => option.value));
  return z.strictObject({
    name: cleanedText({
      label: l.name,
      required: m.nameRequired,
      invalidType: m.nameRequired,
      rules: between(formLimits.nameMin, formLimits.nameMax, m.nameLength),
    }),
    email: cleanedEmail({
      label: l.email,
      required: m.emailRequired,
      invalidType: m.emailInvalid,
      invalid: m.emailInvalid,
    }),
    phone: cleanedText({
      label: l.phone,
      required: m.phoneRequired,
      invalidType: m.phoneInvalid,
      rules: (field) =>
        field.check(
          z.maxLength(formLimits.phoneInputMax, m.phoneInvalid),
          z.refine(looksLikePhoneNumber, formatCheck("phone", m.phoneInvalid)),
        ),
    }),
    company: z.optional(
      cleanedText({
        label: l.company,
        invalidType: m.companyTooLong,
        rules: (field) => field.check(z.maxLength(formLimits.companyMax, m.companyTooLong)),
      }),
    ),
    service_type: requiredChoice(optionValues(serviceTypeOptions), m.serviceTypeRequired),
    preferred_date: z.string({ error: m.dateRequired }).check(
      z.trim(),
      z.minLength(1, m.dateRequired),
      z.refine((value) => value === "" || offered.has(value), m.dateUnavailable),
    ),
    preferred_time: requiredChoice(appointmentTimeSlots, m.timeRequired),
    project_details: cleanedText({
      label: l.project_details,
      multiline: true,
      required: m.detailsRequired,
      invalidType: m.detailsRequired,
      rules: between(formLimits.projectDetailsMin, formLimits.projectDetailsMax, m.detailsLength),
    }),
  } satisfies Record<keyof typeof l, z.ZodMiniType>);
}

export type AppointmentSchema = ReturnType<typeof createAppointmentSchema>;
export type AppointmentInput = z.input<AppointmentSchema>;
export type AppointmentRequest = z.output<AppointmentSchema>;

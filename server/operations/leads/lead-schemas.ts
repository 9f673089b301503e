import * as z from "zod/mini";
import { appointmentMessages } from "#shared/forms/appointment.ts";
import { createAppointmentSchema } from "#shared/forms/appointment-schema.ts";
import { leadMessages } from "#shared/forms/lead-messages.ts";
import { webAppLeadLabels } from "#shared/forms/web-app-lead.ts";
import { webAppLeadSchema } from "#shared/forms/web-app-lead-schema.ts";
import { inE164 } from "./phone-numbers";

/**
 * The shared form schemas as the server applies them: the same rules and messages, plus
 * the full phone number check the browser leaves out (it would need libphonenumber-js's
 * metadata), with phone numbers stored and e-mailed in E.164.
 */

export const webAppLeadServerSchema = z.extend(webAppLeadSchema, {
  phoneNumber: inE164(
    webAppLeadSchema.shape.phoneNumber,
    leadMessages.invalidPhone(webAppLeadLabels.phoneNumber),
  ),
});

/** The appointment rules for a visitor at `now` (see createAppointmentSchema). */
export function createAppointmentServerSchema(now: Date) {
  const schema = createAppointmentSchema(now);
  return z.extend(schema, { phone: inE164(schema.shape.phone, appointmentMessages.phoneInvalid) });
}

export type AppointmentServerSchema = ReturnType<typeof createAppointmentServerSchema>;

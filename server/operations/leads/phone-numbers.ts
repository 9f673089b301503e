import type * as PhoneNumbers from "libphonenumber-js/max";
import * as z from "zod/mini";
import { formatIssue } from "#shared/forms/field-errors.ts";
import { loadLater } from "#server/platform/load-later.ts";

/** Numbers written without a country code are the agency's country's (082 555 1234). */
export const DEFAULT_PHONE_COUNTRY: PhoneNumbers.CountryCode = "ZA";

/**
 * The number in E.164 ("+27825551234") when libphonenumber-js finds it valid, else
 * undefined. The full ("max") metadata checks each country's number ranges, not only the
 * length; it is server-only, so its size costs the browser nothing (decision 010).
 */
export function toE164(value: string): string | undefined {
  const phone = parsePhone(value);
  return phone?.isValid() ? phone.number : undefined;
}

/** The metadata is some 12 MB held: loaded with the first number a form or a setting sends. */
const phoneNumbers = loadLater<typeof PhoneNumbers>("libphonenumber-js/max");

/** The number as libphonenumber-js reads it, written without a country code as the agency's. */
export function parsePhone(value: string): PhoneNumbers.PhoneNumber | undefined {
  // `extract: false`: the whole value must be the number, not merely contain one.
  return phoneNumbers().default(value, { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });
}

/**
 * A shared schema's phone field, finished on the server: a number that passed the light
 * shape check but is not a real number gets `message` on that field, as a failed phone
 * format (so the form shows its short message beside it); a valid one comes out in
 * E.164, which is what is stored and e-mailed. An empty optional answer stays empty.
 */
export function inE164<Field extends z.ZodMiniType<string | undefined>>(field: Field, message: string) {
  return z.pipe(
    field,
    z.transform((value: z.output<Field>, ctx) => {
      if (!value) return value;
      const e164 = toE164(value);
      // The field's output is a string (or undefined): E.164 is a string.
      if (e164) return e164 as z.output<Field>;
      ctx.issues.push(formatIssue("phone", message, value));
      return z.NEVER;
    }),
  );
}

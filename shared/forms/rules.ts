import { z } from "zod";
import { cutText, removeAngleBrackets } from "./sanitize";

// zod probes `new Function` to speed up parsing; the site's CSP forbids eval, and the
// probe alone is reported as a violation in the browser. Every form schema imports
// this module, so the setting is in place before any of them parses.
z.config({ jitless: true });

/** SPEC §9 business constants and limits that forms enforce. */
export const formLimits = {
  emailMax: 254,
  nameMin: 2,
  nameMax: 50,
  companyMax: 100,
  phoneInputMax: 20,
  projectDetailsMin: 10,
  projectDetailsMax: 1000,
} as const;

/** SPEC §5: x@y.z with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** SPEC §5: optional plus, a first digit 1 to 9, then up to 15 more digits. */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= formLimits.emailMax && EMAIL_PATTERN.test(value);
}

/** SPEC §5: spaces, hyphens and parentheses are ignored. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s\-()]/g, ""));
}

export type TextFieldOptions = {
  /** Shown when the field is missing or blank; omit for optional fields. */
  required?: string;
  /** Shown when the field is not text at all (a number, a list). */
  invalidType: string;
  /** Further rules, checked on the cleaned text before it is cut to 1000 characters. */
  rules?: (field: z.ZodString) => z.ZodString;
};

/**
 * A submitted text field (SPEC §5): angle brackets removed and trimmed, then its own
 * rules, then cut to 1000 characters. Length rules see the uncut text so that a too-long
 * entry gets its message rather than being silently shortened.
 */
export function cleanedText({ required, invalidType, rules = (field) => field }: TextFieldOptions) {
  const base = z
    .string({ error: (issue) => (issue.input == null && required ? required : invalidType) })
    .overwrite(removeAngleBrackets)
    .trim();
  return rules(required ? base.min(1, required) : base).overwrite((value) => cutText(value));
}

/** A select whose empty choice is allowed (SPEC §5: lead form selects are optional). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.union([z.literal(""), z.enum(values)], { error: message }).optional();
}

export type Option<T extends string = string> = { value: T; label: string };

/** The values of an option list, typed as a non-empty tuple for z.enum. */
export function optionValues<T extends string>(options: readonly [Option<T>, ...Option<T>[]]): [T, ...T[]] {
  return options.map((option) => option.value) as [T, ...T[]];
}

export function optionLabel(
  options: readonly Option[],
  value: string | null | undefined,
): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

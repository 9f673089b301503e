// zod/mini: the same rules as full zod, as functions a bundle keeps only when it uses them,
// so a form's chunk carries only its own checks (docs/decisions/064-islands.md).
import * as z from "zod/mini";
import { formatCheck } from "./field-errors";
import { leadMessages } from "./lead-messages";
import { isValidEmail } from "./rules";
import { hasInvisibleCharacters } from "./invisible-characters";
import { cutAndTrim, removeAngleBrackets } from "./sanitize";
import { hasForbiddenCharacters, isSingleLine, normaliseText, textMessages } from "./text-hygiene";

// zod probes `new Function` to speed up parsing; the site's CSP forbids eval, and the
// probe alone is reported as a violation in the browser. Every form schema imports
// this module, so the setting is in place before any of them parses.
z.config({ jitless: true });

export type TextFieldOptions = {
  /** The field's label, for the messages about characters it may not hold. */
  label: string;
  /** A textarea: keeps line breaks and tabs. Every other field must be one line. */
  multiline?: boolean;
  /** Shown when the field is missing or blank; omit for optional fields. */
  required?: string;
  /** Shown when the field is not text at all (a number, a list). */
  invalidType: string;
  /** Further rules, checked on the cleaned text before it is cut to 1000 characters. */
  rules?: (field: z.ZodMiniString<string>) => z.ZodMiniString<string>;
  /**
   * Refuses invisible code points with this e-mail message instead of removing them: an
   * address is an identifier, and removing one would store another address than was sent.
   */
  invisibleInEmail?: string;
};

/**
 * A submitted text field (requirements §5): invisible code points removed and line breaks
 * normalised (text-hygiene.ts), angle brackets removed and trimmed; then refused if it
 * holds characters no field may hold or, outside a textarea, more than one line; then
 * "is required" if nothing is left; then its own rules; then cut to 1000 characters and
 * trimmed again, so the cut leaves no space at the end. Length rules see the uncut text
 * so that a too-long entry gets its message rather than being silently shortened.
 */
export function cleanedText(options: TextFieldOptions) {
  const { label, multiline = false, required, invalidType, rules = (field) => field } = options;
  const { invisibleInEmail } = options;
  const typed = z.string({ error: (issue) => (issue.input == null && required ? required : invalidType) });
  const checked = invisibleInEmail
    ? typed.check(
        z.refine((value) => !hasInvisibleCharacters(value), {
          ...formatCheck("email", invisibleInEmail),
          abort: true,
        }),
      )
    : typed;
  const base = checked.check(
    z.overwrite((value) => normaliseText(value, { multiline })),
    z.overwrite(removeAngleBrackets),
    z.trim(),
    // `abort`: the field's other messages would describe text it will never store.
    z.refine((value) => !hasForbiddenCharacters(value), {
      message: textMessages.notAllowed(label),
      abort: true,
    }),
    z.refine((value) => multiline || isSingleLine(value), {
      message: textMessages.singleLine(label),
      abort: true,
    }),
  );
  return rules(required ? base.check(z.minLength(1, required)) : base).check(z.overwrite(cutAndTrim));
}

/** An e-mail field: one practical mailbox, with no invisible code point anywhere in it. */
export function cleanedEmail(
  options: Omit<TextFieldOptions, "multiline" | "rules" | "invisibleInEmail"> & { invalid: string },
) {
  const { invalid, ...text } = options;
  return cleanedText({
    ...text,
    invisibleInEmail: invalid,
    rules: (field) => field.check(z.refine(isValidEmail, formatCheck("email", invalid))),
  });
}

/** A select whose empty choice is allowed (requirements §5: lead form selects are optional). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.optional(z.union([z.literal(""), z.enum(values)], { error: message }));
}

/** A lead form's text field, required, in the lead forms' words (requirements §5). */
export function requiredLeadText(label: string, rules?: TextFieldOptions["rules"]) {
  return cleanedText({
    label,
    required: leadMessages.required(label),
    invalidType: leadMessages.invalidType(label),
    rules,
  });
}

/** A lead form's e-mail field: required, one practical mailbox. */
export function requiredLeadEmail(label: string) {
  return cleanedEmail({
    label,
    required: leadMessages.required(label),
    invalidType: leadMessages.invalidType(label),
    invalid: leadMessages.invalidEmail(label),
  });
}

import { uiStrings } from "#shared/ui-strings.ts";
import type { FieldFormat } from "./field-formats";

/** requirements §5 lead form messages, built from each field's label. */
export const leadMessages = {
  required: (label: string) => `${label} is required`,
  invalidEmail: (label: string) => `${label} must be a valid email address`,
  invalidPhone: (label: string) => `${label} must be a valid phone number`,
  invalidType: (label: string) => `${label} must be text`,
  invalidChoice: (label: string) => `${label} must be one of the listed options`,
} as const;

/** requirements §5: the shorter messages forms show beside a field that failed its format check. */
export const leadInlineMessages = {
  email: uiStrings.emailInvalid,
  phone: uiStrings.phoneInvalid,
} as const satisfies Record<FieldFormat, string>;

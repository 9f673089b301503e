import { redactSensitive, errorText } from "#shared/error-catalogue.ts";

/** An error as the outbox logs and stores it: secrets redacted, at most 500 characters. */
export function describeOutboxError(error: unknown): string {
  return redactSensitive(errorText(error) || "unknown error").slice(0, 500);
}

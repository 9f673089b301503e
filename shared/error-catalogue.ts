/**
 * requirements §8: the only texts a visitor ever sees for an error. Raw error text (SQL, paths,
 * stack traces) never reaches a page or a response; it is redacted before it is logged.
 */
export const errorMessages = {
  duplicate: "This item already exists",
  dependency: "Cannot perform this action due to existing dependencies",
  permission: "You do not have permission to perform this action",
  network: "Network error. Please try again",
  unexpected: "An unexpected error occurred. Please try again",
} as const;

/**
 * What a visitor is told when storage could not take the request now (a 503: the disk is
 * full, another process holds the lock, PostgreSQL is away): that nothing was kept, and
 * when to try again (the Retry-After of every 503 is a minute). Requirements §8's "unexpected"
 * text stays for what is truly unexpected (a 500).
 */
export const notSavedMessage =
  "Your request was not saved because of a problem on our side. Please try again in a minute.";

/** requirements §5 / §8 toast titles and texts of the forms. */
export const formToasts = {
  validationTitle: "Validation Error",
  validationDescription: "Please correct the errors and try again",
  submissionFailedTitle: "Submission failed",
  errorTitle: "Error",
  appointmentSuccessTitle: "Appointment requested!",
  appointmentSuccessDescription: "We'll confirm your appointment shortly.",
} as const;

/** requirements §8: what a failed lead form says when there is no more specific message. */
export function leadFailureFallback(email: string): string {
  return `We could not send your request. Please try again, or contact us by e-mail at ${email}.`;
}

/** requirements §8: what a failed appointment request says when there is no more specific message. */
export const appointmentFailureFallback = "Failed to send your appointment request. Please try again later.";

const SENSITIVE_WORD = /\b\w*(?:password|token|key|secret|auth|database|connection)\w*(?:\s*[=:]\s*\S+)?/gi;

/** requirements §8: hides words such as password, token, key, secret, auth, database, connection (and a value after them). */
export function redactSensitive(text: string): string {
  return text.replace(SENSITIVE_WORD, "[redacted]");
}

/** The text of anything thrown, for matching and (redacted) logging. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (
    typeof error === "object" &&
    error !== null &&
    "message" in error &&
    typeof error.message === "string"
  ) {
    return error.message;
  }
  return "";
}

/**
 * requirements §8 mapping of an error to the visitor's text. It reads the raw text because two
 * of its own patterns ('duplicate key', 'foreign key') contain a redacted word; only one
 * of the fixed texts above can come out, so nothing of the raw text leaks.
 */
export function toVisitorMessage(error: unknown): string {
  const text = errorText(error).toLowerCase();
  if (text.includes("duplicate key") || text.includes("unique constraint")) return errorMessages.duplicate;
  if (text.includes("foreign key") || text.includes("reference")) return errorMessages.dependency;
  if (text.includes("permission") || text.includes("denied")) return errorMessages.permission;
  if (text.includes("network") || text.includes("timeout")) return errorMessages.network;
  return errorMessages.unexpected;
}

/** A log line for an error: the context label and the redacted text (requirements §8). */
export function describeForLog(context: string, error: unknown): string {
  return `${context}: ${redactSensitive(errorText(error)) || "unknown error"}`;
}

/** A stack's own frames: code locations, never data. */
const STACK_FRAME = /^\s+at /;

/**
 * An error as the fields of a log line (requirements §8): its type, its redacted message and its
 * stack, whose frames are kept and whose other lines (the message, a cause's) are redacted.
 */
export function errorForLog(error: unknown): { type: string; message: string; stack?: string } {
  const type = error instanceof Error ? error.name : typeof error;
  const message = redactSensitive(errorText(error)) || "unknown error";
  if (!(error instanceof Error) || !error.stack) return { type, message };
  const stack = error.stack
    .split("\n")
    .map((line) => (STACK_FRAME.test(line) ? line : redactSensitive(line)))
    .join("\n");
  return { type, message, stack };
}

import { data, redirect } from "react-router";
import { botGuardFields } from "../../shared/forms/bot-guard";
import type { SubmissionResult } from "../../shared/forms/results";

/** A posted form's fields as strings (files, which no form here has, become empty). */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const formData = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) values[key] = typeof value === "string" ? value : "";
  return values;
}

/** What a form shows again after a failed no-JavaScript post: the visitor's fields, not the bot traps. */
export function valuesToRedisplay(values: Record<string, string>): Record<string, string> {
  const { [botGuardFields.honeypot]: _honeypot, [botGuardFields.startedAt]: _startedAt, ...fields } = values;
  return fields;
}

/** HTTP status of a failed submission: 400 for the visitor to fix, 500 when it was ours. */
export const failureStatus = (reason: "invalid" | "failed") => (reason === "invalid" ? 400 : 500);

/**
 * A lead form posted without JavaScript (with it, the form posts JSON to the API):
 * stored, it goes to its thank-you page; refused, it comes back with the messages and
 * what the visitor typed.
 */
export async function submitLeadForm(
  request: Request,
  submit: (input: unknown) => Promise<SubmissionResult>,
  thankYouPath: string,
) {
  const values = await readFormValues(request);
  const result = await submit(values);
  if (result.success) return redirect(thankYouPath);
  return data(
    { error: result.error, fieldErrors: result.fieldErrors, values: valuesToRedisplay(values) },
    { status: failureStatus(result.reason) },
  );
}

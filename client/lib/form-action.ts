import { botGuardFields } from "../../shared/forms/bot-guard";

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

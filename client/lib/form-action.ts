import { data, redirect } from "react-router";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { failureStatus, type SubmissionOutcome, type SubmissionRefusal } from "#shared/forms/results.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { isUtf8, isUtf8FormEncoded } from "#shared/utf8-body.ts";

/** A refused request, for the root ErrorBoundary to show in the site's layout. */
export type Refusal = { visitorMessage: string };

function refusal(status: number, visitorMessage: string) {
  return data({ visitorMessage } satisfies Refusal, { status });
}

/** What a browser sends a form as (multipart when a form asks for it). */
const FORM_BODY_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A posted form's fields as strings (files, which no form here has, become empty). A
 * body that is not a form (JSON, XML, plain text) is answered 415 and an unreadable one
 * (its text not UTF-8 included) 400, each as a page in the site's layout (root
 * ErrorBoundary) that says what to do.
 */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_BODY_TYPES.includes(type)) throw refusal(415, requestMessages.pageUnsupportedType);
  let formData: FormData;
  try {
    // The bytes first: the form parser would decode text that is not UTF-8 as U+FFFD.
    const bytes = new Uint8Array(await request.arrayBuffer());
    const utf8 = type === FORM_BODY_TYPES[0] ? isUtf8FormEncoded(bytes) : isUtf8(bytes);
    if (!utf8) throw new Error("form body is not UTF-8");
    formData = await new Response(bytes, { headers: request.headers }).formData();
  } catch {
    throw refusal(400, requestMessages.malformed);
  }
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) values[key] = typeof value === "string" ? value : "";
  return values;
}

/** What a form shows again after a failed no-JavaScript post: the visitor's fields, not the bot traps. */
export function valuesToRedisplay(values: Record<string, string>): Record<string, string> {
  const { [botGuardFields.honeypot]: _honeypot, [botGuardFields.startedAt]: _startedAt, ...fields } = values;
  return fields;
}

/** Status (400, 503 or 500) and Retry-After of a failed submission's page. */
export function failureInit(refusal: SubmissionRefusal): ResponseInit {
  const retryAfter = refusal.reason === "unavailable" ? refusal.retryAfterSeconds : undefined;
  const headers: HeadersInit = retryAfter ? { "Retry-After": String(retryAfter) } : {};
  return { status: failureStatus[refusal.reason], headers };
}

/**
 * A lead form posted without JavaScript (with it, the form posts JSON to the API):
 * stored, it goes to its thank-you page; refused, it comes back with the messages, the
 * fields that failed their format check (for the short messages beside them) and what the
 * visitor typed.
 */
export async function submitLeadForm(
  request: Request,
  submit: (input: unknown) => Promise<SubmissionOutcome>,
  thankYouPath: string,
) {
  const values = await readFormValues(request);
  const outcome = await submit(values);
  if (outcome.ok) return redirect(thankYouPath);
  return data(
    {
      error: outcome.message,
      fieldErrors: outcome.fieldErrors,
      failedFormats: outcome.reason === "invalid" ? outcome.failedFormats : {},
      values: valuesToRedisplay(values),
    },
    failureInit(outcome),
  );
}

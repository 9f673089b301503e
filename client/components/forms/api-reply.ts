import { errorMessages, notSavedMessage, toVisitorMessage } from "#shared/error-catalogue.ts";
import { botGuardFields, staleFormMessage } from "#shared/forms/bot-guard.ts";
import { formShapeMessage, type FieldErrors } from "#shared/forms/field-errors.ts";
import { requestMessages } from "#shared/request-messages.ts";

/** What a form makes of the answer to its POST. */
export type ApiReply =
  | { outcome: "success" }
  /** The server refused fields the visitor can fix: its requirements §5 messages, per field. */
  | { outcome: "invalid"; message: string; fieldErrors: FieldErrors }
  /**
   * Anything else. `message` is a requirements §8 text; undefined when the catalogue has nothing
   * more specific than "anything else", so the form shows its own fallback (requirements §8).
   */
  | { outcome: "failed"; message: string | undefined };

/** The parts of an HTTP answer the interpretation needs; `body` is its text. */
export type RawReply = { ok: boolean; statusText: string; body: string };

export async function readApiReply(response: Response): Promise<ApiReply> {
  const body = await response.text().catch(() => "");
  return interpretApiReply({ ok: response.ok, statusText: response.statusText, body });
}

/**
 * The reply as the visitor may see it. Our API's own texts are shown as they are. Any
 * other reply (a proxy's "permission denied", a gateway's HTML 502 page, a JSON error we
 * never wrote) goes through the requirements §8 catalogue, so its raw text never reaches the page.
 */
export function interpretApiReply(reply: RawReply): ApiReply {
  const body = parseJson(reply.body);
  if (reply.ok && isRecord(body) && body.success === true) return { outcome: "success" };
  const failure = asApiFailure(body);
  if (failure && isOwnText(failure.error, failure.fieldErrors)) {
    const fieldErrors = withoutBotGuardFields(failure.fieldErrors);
    // A stale form's message is about the hidden start field: it is shown, not put beside a field.
    if (Object.keys(fieldErrors).length === 0) return { outcome: "failed", message: failure.error };
    return { outcome: "invalid", message: failure.error, fieldErrors };
  }
  const raw = failure ? failure.error : `${reply.statusText} ${visibleText(reply.body)}`;
  const mapped = toVisitorMessage(raw);
  return { outcome: "failed", message: mapped === errorMessages.unexpected ? undefined : mapped };
}

/** Every text our API puts in `error` that is not a field's message. */
const ownTexts = new Set<string>([
  ...Object.values(errorMessages),
  notSavedMessage,
  staleFormMessage,
  formShapeMessage,
  ...Object.values(requestMessages).filter((text) => typeof text === "string"),
]);

function isOwnText(error: string, fieldErrors: FieldErrors): boolean {
  if (ownTexts.has(error)) return true;
  const minutes = Number(/\d+/.exec(error)?.[0]);
  if (Number.isInteger(minutes) && error === requestMessages.rateLimited(minutes)) return true;
  // A validation refusal names its first message in `error` and again under its field.
  return Object.values(fieldErrors).includes(error);
}

type ParsedFailure = { error: string; fieldErrors: FieldErrors };

/** `{ success: false, error, fieldErrors? }` with text where text belongs, else undefined. */
function asApiFailure(body: unknown): ParsedFailure | undefined {
  if (!isRecord(body) || body.success !== false || typeof body.error !== "string") return undefined;
  const fields = body.fieldErrors ?? {};
  if (!isRecord(fields)) return undefined;
  const fieldErrors: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (typeof message !== "string") return undefined;
    fieldErrors[name] = message;
  }
  return { error: body.error, fieldErrors };
}

const botGuardNames = new Set<string>(Object.values(botGuardFields));

function withoutBotGuardFields(fieldErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => !botGuardNames.has(name)));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: a proxy's or gateway's own page.
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An error page's words without its markup, scripts and styles: only for matching, never shown. */
function visibleText(html: string): string {
  return html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ").replace(/<[^>]*>/g, " ");
}

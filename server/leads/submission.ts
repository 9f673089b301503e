import type { z } from "zod";
import type { SuspectedSpam } from "../db/schema";
import type { Logger } from "../logger";
import { separateBotGuardFields, staleFormMessage, botGuardFields } from "../../shared/forms/bot-guard";
import {
  firstErrorMessage,
  toFailedFormats,
  toFieldErrors,
  type FieldErrors,
  type FieldFormats,
} from "../../shared/forms/field-errors";
import { describeForLog, toVisitorMessage } from "../../shared/error-catalogue";
import { classifyStorageError, retryAfterSeconds } from "../db/storage-errors";
import type { SubmissionResult } from "../../shared/forms/results";
import { judgeSubmission, type FormTokens } from "./form-guard";

export type { SubmissionResult } from "../../shared/forms/results";

export type SubmissionContext = { logger: Logger; now: () => Date; minFillMs: number; tokens: FormTokens };

/** What `store` is told besides the cleaned data: when it arrived, and whether it looks like spam. */
export type Arrival = { at: Date; suspected: SuspectedSpam | null };

export function invalidSubmission(
  error: string,
  fieldErrors: FieldErrors = {},
  failedFormats: FieldFormats = {},
): SubmissionResult {
  return { success: false, error, fieldErrors, failedFormats, reason: "invalid" };
}

/**
 * The straight line every form takes: validation with the shared schema (which also
 * cleans the text), so a visitor always sees what to fix; then the bot traps; then
 * `store`, which runs in one transaction with the e-mail it queues. What trips a trap is
 * stored all the same, marked as suspected, and answered like any success: a person
 * whose password manager filled the honeypot loses nothing, and a bot learns nothing.
 */
export async function handleSubmission<S extends z.ZodType>(
  ctx: SubmissionContext,
  form: string,
  input: unknown,
  schema: S,
  store: (data: z.output<S>, arrival: Arrival) => Promise<void>,
): Promise<SubmissionResult> {
  const at = ctx.now();
  const { fields, ...guard } = separateBotGuardFields(input);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const { error } = parsed;
    return invalidSubmission(firstErrorMessage(error), toFieldErrors(error), toFailedFormats(error));
  }
  const verdict = judgeSubmission(guard, { tokens: ctx.tokens, now: at.getTime(), minFillMs: ctx.minFillMs });
  if (verdict === "missing-start")
    return invalidSubmission(staleFormMessage, { [botGuardFields.startedAt]: staleFormMessage });
  const suspected = verdict === "ok" ? null : verdict;
  try {
    await store(parsed.data, { at, suspected });
  } catch (error) {
    return storeFailure(ctx, form, error);
  }
  if (suspected) ctx.logger.info({ form, reason: suspected }, "submission held as suspected spam");
  return { success: true };
}

/**
 * Nothing was stored, and the visitor is told so. A storage failure (locked, full,
 * read-only) is logged with its cause and answered 503 with a time to try again; the
 * visitor's text stays the SPEC §8 catalogue's either way.
 */
function storeFailure(ctx: SubmissionContext, form: string, error: unknown): SubmissionResult {
  const storage = classifyStorageError(error);
  const fields = { form, error: describeForLog("store submission", error) };
  const base = { success: false as const, error: toVisitorMessage(error), fieldErrors: {} };
  if (!storage) {
    ctx.logger.error(fields, "submission not stored");
    return { ...base, reason: "failed" };
  }
  ctx.logger.error({ ...fields, storage }, "submission not stored: storage unavailable");
  return { ...base, reason: "unavailable", retryAfterSeconds: retryAfterSeconds(storage) };
}

import type { LeadForm } from "#shared/forms/lead-forms.ts";
import type * as z from "zod/mini";
import type { SuspectedSpam } from "#server/db/schema.ts";
import type { Logger } from "#server/platform/logger.ts";
import { separateBotGuardFields, staleFormMessage, botGuardFields } from "#shared/forms/bot-guard.ts";
import {
  firstErrorMessage,
  toFailedFormats,
  toFieldErrors,
  type FieldErrors,
  type FieldFormats,
} from "#shared/forms/field-errors.ts";
import { describeForLog, notSavedMessage, toVisitorMessage } from "#shared/error-catalogue.ts";
import { classifyStorageError, retryAfterSeconds } from "#server/db/storage-errors.ts";
import type { SubmissionOutcome, SubmissionRefusal } from "#shared/forms/results.ts";
import type { MetricsRecorder } from "#server/metrics/recorder.ts";
import { separateVisitField } from "#shared/visit-source.ts";
import { judgeSubmission, type FormTokens } from "./form-guard";
import { readSourceColumns, type SourceColumns, type SourceRequest } from "./visit-source";

export type { SubmissionOutcome } from "#shared/forms/results.ts";

export type SubmissionContext = {
  logger: Logger;
  now: () => Date;
  minFillMs: number;
  tokens: FormTokens;
  /** Counts each submission's outcome, and storage failures (server/metrics/recorder.ts). */
  metrics?: Pick<MetricsRecorder, "leadSubmission" | "storageFailure">;
};

/**
 * What `store` is told besides the cleaned data: when it arrived, whether it looks like
 * spam, and where the visit came from (each part checked; kept for held ones too).
 */
export type Arrival = {
  at: Date;
  suspected: SuspectedSpam | null;
  source: SourceColumns;
  /** The signed start field the form was served with: one per served form. */
  startField: string;
};

/**
 * Thrown by a form's `store` to refuse a valid submission for what the database says (an
 * instant booking of a time no longer free): nothing is stored, and the visitor reads why
 * beside the field it is about.
 */
export class SubmissionRefused extends Error {
  override name = "SubmissionRefused";
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }
}

export function invalidSubmission(
  error: string,
  fieldErrors: FieldErrors = {},
  failedFormats: FieldFormats = {},
): SubmissionRefusal {
  return { ok: false, reason: "invalid", message: error, fieldErrors, failedFormats };
}

/**
 * The straight line every form takes: validation with the shared schema (which also
 * cleans the text), so a visitor always sees what to fix; then the bot traps; then
 * `store`, which runs in one transaction with the e-mail it queues. What trips a trap is
 * stored all the same, marked as suspected, and answered like any success: a person
 * whose password manager filled the honeypot loses nothing, and a bot learns nothing.
 * The same answers sent again from the same served form are answered with the same
 * success; `store` keeps them once (docs/decisions/067-one-lead-per-form.md).
 */
export async function handleSubmission<S extends z.ZodMiniType>(
  ctx: SubmissionContext,
  form: LeadForm,
  input: unknown,
  schema: S,
  store: (data: z.output<S>, arrival: Arrival) => Promise<void>,
  request: SourceRequest = {},
): Promise<SubmissionOutcome> {
  const at = ctx.now();
  const { fields: answers, ...guard } = separateBotGuardFields(input);
  const { fields, visit } = separateVisitField(answers);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const { error } = parsed;
    ctx.metrics?.leadSubmission(form, "refused");
    return invalidSubmission(firstErrorMessage(error), toFieldErrors(error), toFailedFormats(error));
  }
  const verdict = judgeSubmission(guard, { tokens: ctx.tokens, now: at.getTime(), minFillMs: ctx.minFillMs });
  if (verdict === "missing-start") {
    ctx.metrics?.leadSubmission(form, "refused");
    return invalidSubmission(staleFormMessage, { [botGuardFields.startedAt]: staleFormMessage });
  }
  const suspected = verdict === "ok" ? null : verdict;
  try {
    // judgeSubmission verified it: a string this server signed.
    const startField = String(guard.startedAt);
    await store(parsed.data, { at, suspected, source: readSourceColumns(visit, request), startField });
  } catch (error) {
    if (error instanceof SubmissionRefused) {
      ctx.metrics?.leadSubmission(form, "refused");
      return invalidSubmission(error.message, error.fieldErrors);
    }
    ctx.metrics?.leadSubmission(form, "failed");
    return storeFailure(ctx, form, error);
  }
  if (suspected) ctx.logger.info({ form, reason: suspected }, "submission held as suspected spam");
  ctx.metrics?.leadSubmission(form, suspected ? "suspected" : "accepted");
  return { ok: true, value: undefined };
}

/**
 * Nothing was stored, and the visitor is told so. A storage failure (locked, full,
 * read-only) is logged with its cause and answered 503 with a time to try again, and the
 * visitor is told that it was not saved; anything else gets the requirements §8 catalogue's text.
 */
function storeFailure(ctx: SubmissionContext, form: LeadForm, error: unknown): SubmissionRefusal {
  const storage = classifyStorageError(error);
  const fields = { form, error: describeForLog("store submission", error) };
  const base = { ok: false as const, fieldErrors: {} };
  if (!storage) {
    ctx.logger.error(fields, "submission not stored");
    return { ...base, message: toVisitorMessage(error), reason: "failed" };
  }
  ctx.logger.error({ ...fields, storage }, "submission not stored: storage unavailable");
  ctx.metrics?.storageFailure(storage, "submission");
  return { ...base, message: notSavedMessage, reason: "unavailable", retryAfterSeconds: retryAfterSeconds() };
}

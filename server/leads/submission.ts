import type { z } from "zod";
import type { Logger } from "../logger";
import {
  checkBotGuard,
  separateBotGuardFields,
  staleFormMessage,
  botGuardFields,
} from "../../shared/forms/bot-guard";
import { firstErrorMessage, toFieldErrors, type FieldErrors } from "../../shared/forms/field-errors";
import { describeForLog, toVisitorMessage } from "../../shared/error-catalogue";
import type { SubmissionResult } from "../../shared/forms/results";

export type { SubmissionResult } from "../../shared/forms/results";

export type SubmissionContext = { logger: Logger; now: () => Date; minFillMs: number };

export function invalidSubmission(error: string, fieldErrors: FieldErrors = {}): SubmissionResult {
  return { success: false, error, fieldErrors, reason: "invalid" };
}

/**
 * The straight line every form takes: bot traps, validation with the shared schema
 * (which also cleans the text), then `store`, which runs in one transaction with the
 * e-mail it queues. A bot is answered as if it succeeded; nothing of it is kept.
 */
export async function handleSubmission<S extends z.ZodType>(
  ctx: SubmissionContext,
  form: string,
  input: unknown,
  schema: S,
  store: (data: z.output<S>, at: Date) => Promise<void>,
): Promise<SubmissionResult> {
  const at = ctx.now();
  const { fields, ...guard } = separateBotGuardFields(input);
  const check = checkBotGuard(guard, { now: at.getTime(), minFillMs: ctx.minFillMs });
  if (check === "honeypot" || check === "too-fast") {
    ctx.logger.info({ form, reason: check }, "bot submission discarded");
    return { success: true };
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return invalidSubmission(firstErrorMessage(parsed.error), toFieldErrors(parsed.error));
  if (check === "missing-start")
    return invalidSubmission(staleFormMessage, { [botGuardFields.startedAt]: staleFormMessage });
  try {
    await store(parsed.data, at);
  } catch (error) {
    ctx.logger.error({ form, error: describeForLog("store submission", error) }, "submission not stored");
    return { success: false, error: toVisitorMessage(error), fieldErrors: {}, reason: "failed" };
  }
  return { success: true };
}

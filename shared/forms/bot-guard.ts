/**
 * Two cheap bot traps every public form carries. The honeypot is a text input hidden
 * from people (and from assistive technology) that only bots fill in. The start field
 * holds when the form was rendered, in epoch milliseconds of the server's clock (route
 * loaders supply it), so instant submissions stand out.
 */
export const botGuardFields = {
  honeypot: "website",
  startedAt: "formStartedAt",
} as const;

/** Shown when the start field is missing or unreadable: a stale or hand-made form. */
export const staleFormMessage = "This form has expired. Please reload the page and try again.";

/**
 * - `ok`: a person, as far as these traps can tell;
 * - `honeypot` / `too-fast`: a bot, answered as if it succeeded and not stored;
 * - `missing-start`: refused openly, so a form that forgot the field fails loudly.
 */
export type BotCheck = "ok" | "honeypot" | "too-fast" | "missing-start";

/** Splits the bot-guard fields off a submitted object so the form schema sees only its own fields. */
export function separateBotGuardFields(input: unknown): {
  fields: unknown;
  honeypot: unknown;
  startedAt: unknown;
} {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { fields: input, honeypot: undefined, startedAt: undefined };
  }
  const {
    [botGuardFields.honeypot]: honeypot,
    [botGuardFields.startedAt]: startedAt,
    ...fields
  } = input as Record<string, unknown>;
  return { fields, honeypot, startedAt };
}

export function checkBotGuard(
  guard: { honeypot: unknown; startedAt: unknown },
  options: { now: number; minFillMs: number },
): BotCheck {
  const honeypotFilled =
    typeof guard.honeypot === "string" ? guard.honeypot.trim() !== "" : guard.honeypot != null;
  if (honeypotFilled) return "honeypot";
  const startedAt =
    typeof guard.startedAt === "number" ||
    (typeof guard.startedAt === "string" && guard.startedAt.trim() !== "")
      ? Number(guard.startedAt)
      : Number.NaN;
  if (!Number.isFinite(startedAt)) return "missing-start";
  return options.now - startedAt < options.minFillMs ? "too-fast" : "ok";
}

/**
 * Two cheap bot traps every public form carries. The honeypot is a text input hidden
 * from people (and from assistive technology) that only bots fill in. The start field
 * holds when the form was rendered, signed by the server (route loaders supply it), so
 * instant submissions stand out. The server judges both (server/operations/leads/form-guard.ts).
 */
export const botGuardFields = {
  honeypot: "website",
  startedAt: "formStartedAt",
} as const;

/** Shown when the start field is missing or unreadable: a stale or hand-made form. */
export const staleFormMessage = "This form has expired. Please reload the page and try again.";

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

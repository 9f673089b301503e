/** The formats a field can be checked against, each with its own short message (requirements §5). */
export const fieldFormats = ["email", "phone"] as const;
export type FieldFormat = (typeof fieldFormats)[number];

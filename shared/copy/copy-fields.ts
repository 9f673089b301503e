import { z } from "zod";
import { hasForbiddenCharacters, isSingleLine } from "#shared/forms/text-hygiene.ts";
import { copyIconNames } from "./copy-icons";

// The workspace builds these schemas in the browser, whose CSP forbids eval: zod's probe
// for `new Function` is reported as a violation (as in shared/forms/schema-parts.ts).
z.config({ jitless: true });

/**
 * The pieces a page's copy is described with (docs/decisions/039-editable-page-copy.md):
 * each builds the zod schema that checks a saved document and registers what the
 * workspace form needs to draw its field (label, kind, limits) in `copyFields`, so one
 * description gives the check, the type and the form.
 */
export type CopyFieldMeta =
  | { kind: "text"; label: string; max: number; multiline: boolean; optional: boolean; hint?: string }
  | { kind: "markdown"; label: string; max: number; hint?: string }
  | { kind: "date"; label: string }
  | { kind: "select"; label: string; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "list"; label: string; itemLabel: string; min: number; max: number }
  | { kind: "group"; label: string };

export const copyFields = z.registry<CopyFieldMeta>();

const visible = (value: string) => !hasForbiddenCharacters(value);

/** A line or a paragraph of text: required unless `optional`, at most `max` characters. */
export function copyText(
  label: string,
  max: number,
  options: { multiline?: boolean; optional?: boolean; hint?: string } = {},
) {
  const { multiline = false, optional = false, hint } = options;
  let schema = z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(visible, "holds a character a page cannot show");
  if (!optional) schema = schema.refine((value) => value.trim() !== "", "cannot be empty");
  if (!multiline) schema = schema.refine(isSingleLine, "must be one line");
  schema.register(copyFields, { kind: "text", label, max, multiline, optional, ...(hint ? { hint } : {}) });
  return schema;
}

/** Markdown in the news bodies' safe subset (server/content/article-markdown.ts), required. */
export function copyMarkdown(label: string, max: number, options: { hint?: string } = {}) {
  const schema = z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(visible, "holds a character a page cannot show")
    .refine((value) => value.trim() !== "", "cannot be empty");
  schema.register(copyFields, {
    kind: "markdown",
    label,
    max,
    ...(options.hint ? { hint: options.hint } : {}),
  });
  return schema;
}

/** A calendar date, YYYY-MM-DD. */
export function copyDate(label: string) {
  const schema = z.iso.date("must be a date (YYYY-MM-DD)");
  schema.register(copyFields, { kind: "date", label });
  return schema;
}

/** One of a few fixed choices, each with the words the form shows for it. */
export function copySelect<const V extends string>(
  label: string,
  options: ReadonlyArray<{ value: V; label: string }>,
) {
  const values = options.map((option) => option.value) as [V, ...V[]];
  const schema = z.enum(values, "must be one of the listed choices");
  schema.register(copyFields, { kind: "select", label, options });
  return schema;
}

/** One of the icons the design draws cards with. */
export const copyIcon = (label = "Icon") =>
  copySelect(
    label,
    copyIconNames.map((name) => ({ value: name, label: name })),
  );

/** A list the editor can reorder, add to and remove from, between `min` and `max` entries. */
export function copyList<T extends z.ZodType>(
  label: string,
  item: T,
  limits: { min: number; max: number; itemLabel: string },
) {
  const { min, max, itemLabel } = limits;
  const schema = z
    .array(item)
    .min(min, `needs at least ${min} ${min === 1 ? "entry" : "entries"}`)
    .max(max, `can hold at most ${max} entries`);
  schema.register(copyFields, { kind: "list", label, itemLabel, min, max });
  return schema;
}

/** Fields that belong together: a section, a card, a call to action. */
export function copyGroup<T extends z.ZodRawShape>(label: string, shape: T) {
  const schema = z.strictObject(shape);
  schema.register(copyFields, { kind: "group", label });
  return schema;
}

/** A section's heading and optional introduction. */
export const sectionHeading = (label: string) =>
  copyGroup(label, {
    title: copyText("Heading", 80),
    intro: copyText("Introduction", 300, { multiline: true, optional: true }),
  });

/** A page header: the small line above, the title (the page's h1), the line under. */
export const pageHeader = () =>
  copyGroup("Page header", {
    eyebrow: copyText("Line above the title", 40),
    title: copyText("Title", 80),
    subtitle: copyText("Line under the title", 300, { multiline: true }),
  });

/** A titled card with an icon. */
export const featureCard = () =>
  copyGroup("Card", {
    icon: copyIcon(),
    title: copyText("Title", 60),
    text: copyText("Text", 300, { multiline: true }),
  });

/** One step of a numbered process. */
export const processStep = () =>
  copyGroup("Step", {
    title: copyText("Title", 60),
    text: copyText("Text", 300, { multiline: true }),
  });

/** A closing band with a link button. */
export const callToAction = () =>
  copyGroup("Call to action", {
    title: copyText("Heading", 80),
    text: copyText("Text", 300, { multiline: true }),
    linkLabel: copyText("Button label", 40),
  });

import { z } from "zod";
import { imageSchema, type Image } from "./content-types";
import { hasForbiddenCharacters, normaliseText } from "./forms/text-hygiene";
import { snippetLengths, type SnippetOverride, type SnippetPage } from "./snippet-pages";

/** A saved search snippet's rules (docs/decisions/040-search-snippets.md); the pages themselves are in snippet-pages.ts. */

export const snippetMessages = {
  descriptionTooLong: `The description must be at most ${snippetLengths.descriptionMax} characters.`,
  descriptionNotAllowed: "The description contains characters that are not allowed.",
  imageNotUploaded: "The social image must be one uploaded in the workspace or with the admin command.",
} as const;

/** One line, as a description is shown in a search result: line breaks become spaces. */
export function cleanSnippetText(value: string): string {
  return normaliseText(value, { multiline: false }).replace(/\s+/g, " ").trim();
}

/**
 * A snippet as saved: each part optional, an absent one showing the page's own. The
 * description is one line of plain text (pages escape it as any attribute).
 */
export const snippetDocumentSchema = z.object({
  description: z
    .string()
    .transform(cleanSnippetText)
    .pipe(
      z
        .string()
        .max(snippetLengths.descriptionMax, snippetMessages.descriptionTooLong)
        .refine((text) => !hasForbiddenCharacters(text), snippetMessages.descriptionNotAllowed),
    )
    .optional(),
  image: imageSchema.optional(),
});
export type SnippetDocument = z.infer<typeof snippetDocumentSchema>;

/** A saved snippet as pages use it; an empty description counts as unset. */
export function toSnippetOverride(document: SnippetDocument): SnippetOverride {
  return {
    ...(document.description ? { description: document.description } : {}),
    ...(document.image ? { image: document.image.src } : {}),
  };
}

/** A page's snippet as staff see it (the workspace's API, `snippets list --json`): what is saved, and what the page shows. */
export type PageSnippetView = {
  page: SnippetPage;
  title: string;
  path: string;
  /** The description the page ships with, shown when none is saved. */
  defaultDescription: string;
  saved: SnippetDocument;
  /** What the page shows now: the saved description, else its own. */
  description: string;
  /** Undefined: the page's own card from the build. */
  image: Image | undefined;
  updatedAt: string | null;
  updatedBy: string | null;
};

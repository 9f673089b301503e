import type { ContentKind } from "../db/content-items";
import { paths } from "../../shared/paths";
import type { ImageRecipe } from "./images";

/**
 * The fields of each kind of content as the admin CLI offers them: one flag per field of
 * the SPEC's data model (§3), named after it. The same table builds the commands' options,
 * reads `--from-file`, names a field in an error and prints an item.
 */

export type FieldType =
  /** One line of text. */
  | "line"
  /** Running text; blank lines separate paragraphs. */
  | "text"
  /** Repeat the flag once per entry; the list replaces the old one on edit. */
  | "list"
  /** A PNG, JPEG, WebP or AVIF file, converted like screenshots. */
  | "image"
  | "date"
  | "link";

export type FieldSpec = {
  /** The item's field, as in shared/content-types.ts and in a --from-file document. */
  key: string;
  /** The option's name without dashes: `--image-alt`. */
  flag: string;
  type: FieldType;
  help: string;
  /** May be left out (and cleared on edit with an empty value). */
  optional?: boolean;
  /** Images only: the widths to make for where the image shows. */
  recipe?: ImageRecipe;
};

export type ContentKindSpec = {
  kind: ContentKind;
  /** "project": in messages. */
  one: string;
  /** "projects": in counts. */
  many: string;
  /** The page that lists them. */
  page: string;
  fields: FieldSpec[];
  /** The field a Markdown file's body fills. */
  bodyKey: string;
  /** Where `add` puts an item without --position: news is newest first, the others in order. */
  addsAt: "first" | "last";
};

const image = (widths: readonly number[]): ImageRecipe => ({ folder: "content", widths });

export const contentKindSpecs: Record<ContentKind, ContentKindSpec> = {
  projects: {
    kind: "projects",
    one: "project",
    many: "projects",
    page: paths.projects,
    bodyKey: "description",
    addsAt: "last",
    fields: [
      { key: "title", flag: "title", type: "line", help: "the project's name" },
      { key: "description", flag: "description", type: "text", help: "what was built and what it changed" },
      {
        key: "image",
        flag: "image",
        type: "image",
        help: "image file (shown 16:10 on the card)",
        recipe: image([480, 960]),
      },
      { key: "image_alt", flag: "image-alt", type: "line", help: "what the image shows, for screen readers" },
      { key: "tags", flag: "tag", type: "list", help: "a technology, e.g. React.js (repeat for each)" },
      { key: "client", flag: "client", type: "line", help: "the client's name" },
      {
        key: "details_link",
        flag: "details-link",
        type: "link",
        help: "https link to the live project",
        optional: true,
      },
    ],
  },
  news: {
    kind: "news",
    one: "news post",
    many: "news posts",
    page: paths.news,
    bodyKey: "content",
    addsAt: "first",
    fields: [
      { key: "title", flag: "title", type: "line", help: "the headline" },
      { key: "excerpt", flag: "excerpt", type: "text", help: "one or two sentences for the card" },
      {
        key: "content",
        flag: "content",
        type: "text",
        help: "the article in Markdown, shown on its own page (or --body-file)",
        optional: true,
      },
      {
        key: "image",
        flag: "image",
        type: "image",
        help: "image file (shown 16:9)",
        recipe: image([640, 1280]),
      },
      {
        key: "image_alt",
        flag: "image-alt",
        type: "line",
        help: "what the image shows (required with --image)",
        optional: true,
      },
      { key: "date", flag: "date", type: "date", help: "publication day, YYYY-MM-DD (default: today)" },
      { key: "author", flag: "author", type: "line", help: "who wrote it" },
      { key: "category", flag: "category", type: "line", help: "e.g. Featured, Web Development" },
      {
        key: "article_link",
        flag: "article-link",
        type: "link",
        help: "https link to the full article elsewhere",
        optional: true,
      },
    ],
  },
  "case-studies": {
    kind: "case-studies",
    one: "case study",
    many: "case studies",
    page: paths.caseStudies,
    bodyKey: "description",
    addsAt: "last",
    fields: [
      { key: "title", flag: "title", type: "line", help: "one line on what the client's product does" },
      { key: "clientName", flag: "client-name", type: "line", help: "the client's name" },
      {
        key: "clientLogo",
        flag: "logo",
        type: "image",
        help: "the client's logo, square",
        recipe: image([96, 192]),
      },
      { key: "description", flag: "description", type: "text", help: "the detail page's text" },
      {
        key: "listDescription",
        flag: "list-description",
        type: "text",
        help: "a shorter text for the list",
        optional: true,
      },
      {
        key: "screenshot",
        flag: "screenshot",
        type: "image",
        help: "screenshot file (shown 8:5)",
        recipe: image([640, 1200]),
      },
      { key: "contributions", flag: "contribution", type: "list", help: "what we did (repeat for each)" },
    ],
  },
};

/** The option name commander gives a flag: "image-alt" → "imageAlt". */
export function optionKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

import { paths } from "./paths";

/**
 * The fields of each kind of content: one per field of the data model of requirements §3. The
 * same table builds the admin CLI's options (one flag per field), reads `--from-file`,
 * names a field in an error, prints an item, and builds the workspace's content form.
 * Import-free but for paths, so the workspace's pages can use it too.
 */

export const contentKinds = ["projects", "news", "case-studies"] as const;
export type ContentKind = (typeof contentKinds)[number];

/** Visitors see published items only; staff see both. */
export type ContentStatus = "draft" | "published";

/**
 * What an item's `id` is called in the workspace: the last part of its web address, or for
 * a project (listed on one page, with no page of its own) the short name it is known by.
 */
export const contentIdLabels: Record<ContentKind, string> = {
  projects: "Short name",
  news: "Web address",
  "case-studies": "Web address",
};

export function isContentKind(value: string): value is ContentKind {
  return (contentKinds as readonly string[]).includes(value);
}

/** Where an uploaded content image goes and the widths made of it (server/operations/images/images.ts). */
export type ContentImageRecipe = {
  folder: "content";
  widths: readonly number[];
  /** Cropped to this shape (a link card's), rather than kept as uploaded. */
  aspect?: { width: number; height: number };
};

/**
 * The picture a link to a page shows when shared: one 1200×630 crop, the size Open Graph
 * and X cards ask for (docs/decisions/040-search-snippets.md).
 */
export const socialImageRecipe: ContentImageRecipe = {
  folder: "content",
  widths: [1200],
  aspect: { width: 1200, height: 630 },
};

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
  recipe?: ContentImageRecipe;
  /** The form's label, and the name the workspace gives the field in a message. */
  label: string;
  /** Images only: the field holding the image's alt text, when the item keeps one. */
  altKey?: string;
  /** Part of the item's search snippet: the form shows it beside the snippet's preview. */
  snippet?: true;
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

const image = (widths: readonly number[]): ContentImageRecipe => ({ folder: "content", widths });

/**
 * What search results and link cards show of an item's own page, when not its own text and
 * image (docs/decisions/040-search-snippets.md).
 */
const snippetFields = (fallback: string): FieldSpec[] => [
  {
    key: "meta_description",
    label: "Search description",
    flag: "meta-description",
    type: "text",
    help: `what search results and link cards say, at most 300 characters (about 160 show); empty: ${fallback}`,
    optional: true,
    snippet: true,
  },
  {
    key: "social_image",
    label: "Social image",
    flag: "social-image",
    type: "image",
    help: "image file for link cards, cropped to 1200×630; none: the item's own image or the site's card",
    recipe: socialImageRecipe,
    optional: true,
    snippet: true,
  },
];

export const contentKindSpecs: Record<ContentKind, ContentKindSpec> = {
  projects: {
    kind: "projects",
    one: "project",
    many: "projects",
    page: paths.projects,
    bodyKey: "description",
    addsAt: "last",
    fields: [
      { key: "title", label: "Title", flag: "title", type: "line", help: "the project's name" },
      {
        key: "description",
        label: "Description",
        flag: "description",
        type: "text",
        help: "what was built and what it changed",
      },
      {
        key: "image",
        label: "Image",
        altKey: "image_alt",
        flag: "image",
        type: "image",
        help: "image file (shown 16:10 on the card)",
        recipe: image([480, 960]),
      },
      {
        key: "image_alt",
        label: "Image alt text",
        flag: "image-alt",
        type: "line",
        help: "what the image shows, for screen readers",
      },
      {
        key: "tags",
        label: "Tags",
        flag: "tag",
        type: "list",
        help: "a technology, e.g. React.js (repeat for each)",
      },
      { key: "client", label: "Client", flag: "client", type: "line", help: "the client's name" },
      {
        key: "details_link",
        label: "Link to the live project",
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
      { key: "title", label: "Headline", flag: "title", type: "line", help: "the headline" },
      {
        key: "excerpt",
        label: "Excerpt",
        flag: "excerpt",
        type: "text",
        help: "one or two sentences for the card",
      },
      {
        key: "content",
        label: "Article (Markdown)",
        flag: "content",
        type: "text",
        help: "the article in Markdown, shown on its own page (or --body-file)",
        optional: true,
      },
      {
        // The one image a post has of its own: on its card, atop its page and in link previews.
        key: "image",
        label: "Cover image",
        altKey: "image_alt",
        flag: "image",
        type: "image",
        help: "cover image file (shown 16:9 on the post's card and atop its page)",
        recipe: image([640, 1280]),
      },
      {
        key: "image_alt",
        label: "Cover image alt text",
        flag: "image-alt",
        type: "line",
        help: "what the cover image shows (required with --image)",
        optional: true,
      },
      {
        key: "date",
        label: "Date",
        flag: "date",
        type: "date",
        help: "publication day, YYYY-MM-DD (default: today)",
      },
      { key: "author", label: "Author", flag: "author", type: "line", help: "who wrote it" },
      {
        key: "category",
        label: "Category",
        flag: "category",
        type: "line",
        help: "e.g. Featured, Web Development",
      },
      {
        key: "article_link",
        label: "Link to the article elsewhere",
        flag: "article-link",
        type: "link",
        help: "https link to the full article elsewhere",
        optional: true,
      },
      ...snippetFields("the excerpt"),
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
      {
        key: "title",
        label: "Title",
        flag: "title",
        type: "line",
        help: "one line on what the client's product does",
      },
      {
        key: "clientName",
        label: "Client name",
        flag: "client-name",
        type: "line",
        help: "the client's name",
      },
      {
        key: "clientLogo",
        label: "Client logo",
        flag: "logo",
        type: "image",
        help: "the client's logo, square",
        recipe: image([96, 192]),
      },
      {
        key: "description",
        label: "Description",
        flag: "description",
        type: "text",
        help: "the detail page's text",
      },
      {
        key: "listDescription",
        label: "Shorter description for the list",
        flag: "list-description",
        type: "text",
        help: "a shorter text for the list",
        optional: true,
      },
      {
        key: "screenshot",
        label: "Screenshot",
        flag: "screenshot",
        type: "image",
        help: "screenshot file (shown 8:5)",
        recipe: image([640, 1200]),
      },
      {
        key: "contributions",
        label: "What we did",
        flag: "contribution",
        type: "list",
        help: "what we did (repeat for each)",
      },
      ...snippetFields("a sentence made from the client's name and title"),
    ],
  },
};

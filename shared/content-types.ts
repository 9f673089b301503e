import { z } from "zod";
import { hasForbiddenCharacters, isSingleLine } from "./forms/text-hygiene";

/**
 * The built-in content of requirements §3, as zod schemas: `data/` modules are checked
 * against them when the content module loads, so a typo fails at start, not in a page.
 */

/** One format of an uploaded image, for `<source type srcset>` inside `<picture>`. */
export const imageSourceSchema = z.object({
  type: z.enum(["image/avif", "image/webp"]),
  /** Every width of this format, smallest first: "/uploads/content/ab12-640.avif 640w, …". */
  srcset: z.string().min(1),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

/**
 * A content image with its intrinsic size, so pages reserve its box (no layout shift).
 * Built-in ones are single files under /images; ones the admin CLI uploads are served
 * under /uploads with AVIF and WebP `sources` at several widths, `src` their largest WebP.
 */
export const imageSchema = z.object({
  src: z.string().startsWith("/"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(imageSourceSchema).min(1).optional(),
});
export type Image = z.infer<typeof imageSchema>;

/** A lower-case slug: the id in URLs and on the admin's command line. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lower-case slug")
  .max(80);

/**
 * A link a visitor may follow: http or https only, so no stored value can become a
 * `javascript:` or `data:` link in a page.
 */
export const webLinkSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

const isoTimestamp = z.iso.datetime();

const readable = (text: string) => !hasForbiddenCharacters(text);

/** A title, name or label: one line, no control or direction-override characters. */
const line = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine(isSingleLine, "must be a single line")
    .refine(readable, "contains characters that are not allowed");

/** Running text: paragraphs separated by a blank line; no control characters but line breaks. */
const prose = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .refine(readable, "contains characters that are not allowed");

/**
 * Alternative text says what an image shows. A file name or a bare "image" says nothing,
 * and is what a hurried upload tends to get.
 */
export const altTextSchema = line(300).refine(
  (text) =>
    !/\.(?:png|jpe?g|webp|avif|gif|svg)$/i.test(text) &&
    !/^(?:an? )?(?:image|picture|photo|screenshot|logo|img|graphic)\s*\d*$/i.test(text),
  "must describe what the image shows, not name the file",
);

/**
 * What search results and link cards say of an item's page in place of its own text
 * (docs/decisions/040-search-snippets.md): plain text, at most 300 characters.
 */
const metaDescription = z
  .string()
  .trim()
  .max(300, "must be at most 300 characters")
  .refine(readable, "contains characters that are not allowed");

/** Limits of what the admin CLI may store: generous for real copy, small enough to catch a wrong file. */
export const contentLimits = { listItems: 20 } as const;

export const projectSchema = z.object({
  id: slugSchema,
  title: line(),
  description: prose(2000),
  image: imageSchema,
  /** What the image shows, for people who cannot see it: the product, not the file. */
  image_alt: altTextSchema,
  tags: z.array(line(40)).min(1, "needs at least one tag").max(contentLimits.listItems),
  client: line(),
  details_link: webLinkSchema.optional(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Project = z.infer<typeof projectSchema>;

/**
 * Segments under /news that name pages rather than articles (/news/page/2,
 * /news/category/…, the feeds): no article may take them as its id.
 */
export const reservedNewsIds = ["page", "category", "feed", "rss", "atom"] as const;

/** An image inside an article's body, uploaded with it: the body names it by `src`. */
export const bodyImageSchema = imageSchema.extend({ sources: z.array(imageSourceSchema).min(1) });
export type BodyImage = z.infer<typeof bodyImageSchema>;

export const newsPostSchema = z
  .object({
    id: slugSchema.refine(
      (id) => !(reservedNewsIds as readonly string[]).includes(id),
      `must not be one of ${reservedNewsIds.join(", ")} (they are addresses of news pages)`,
    ),
    title: line(),
    excerpt: prose(500),
    /**
     * The article, in Markdown (paragraphs separated by a blank line are Markdown too), shown
     * on its own page at /news/{id}. Without it the post is an excerpt that links elsewhere.
     */
    content: prose(50_000).optional(),
    /** Images the body shows, uploaded with it, so its page can size and serve them well. */
    body_images: z.array(bodyImageSchema).max(contentLimits.listItems).optional(),
    image: imageSchema,
    /**
     * What an uploaded image shows. Without it the image is decoration beside the title
     * (the built-in illustrations), and its alt is empty.
     */
    image_alt: altTextSchema.optional(),
    date: z.iso.date(),
    author: line(100),
    category: line(60),
    article_link: webLinkSchema.optional(),
    meta_description: metaDescription.optional(),
    /** The link card's picture (1200×630), when not the post's image. */
    social_image: imageSchema.optional(),
  })
  .refine((post) => post.content !== undefined || post.article_link !== undefined, {
    message: "needs an article body or an article link",
    path: ["content"],
  });
export type NewsPost = z.infer<typeof newsPostSchema>;

/** What the news list shows of a post: no body (a page of excerpts never needs it). */
export type NewsSummary = Omit<NewsPost, "content" | "body_images"> & { hasArticle: boolean };

export function summariseNewsPost({ content, body_images: _images, ...post }: NewsPost): NewsSummary {
  return { ...post, hasArticle: content !== undefined };
}

export const caseStudySchema = z.object({
  id: slugSchema,
  title: line(),
  clientName: line(100),
  clientLogo: imageSchema,
  /** The full text of the detail page. */
  description: prose(5000),
  /** requirements §2: the list uses a shorter text for some clients. */
  listDescription: prose(1000).optional(),
  screenshot: imageSchema,
  contributions: z.array(line()).min(1, "needs at least one contribution").max(contentLimits.listItems),
  meta_description: metaDescription.optional(),
  /** The link card's picture (1200×630), when not the site's card. */
  social_image: imageSchema.optional(),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const servicePages = ["website-design", "web-app-development"] as const;
export const servicePageSchema = z.enum(servicePages);
export type ServicePage = z.infer<typeof servicePageSchema>;

export const serviceScreenshotSchema = z.object({
  id: z.string().min(1),
  /** 1-based. */
  position: z.number().int().min(1),
  /** For an upload, its largest WebP: the `<img>` fallback inside `<picture>`. */
  image_url: z.string().min(1),
  alt_text: z.string().optional(),
  service_page: servicePageSchema,
  /** Intrinsic size of `image_url`; every source has the same aspect ratio. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Uploaded screenshots only: responsive variants, best format (AVIF) first. */
  sources: z.array(imageSourceSchema).optional(),
});
export type ServiceScreenshot = z.infer<typeof serviceScreenshotSchema>;

export const screenshotPlaceholderSchema = z.object({
  gradientFrom: z.string().min(1),
  gradientTo: z.string().min(1),
  bgColor: z.string().min(1),
  emoji: z.string().min(1),
});
export type ScreenshotPlaceholder = z.infer<typeof screenshotPlaceholderSchema>;

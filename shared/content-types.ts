import { z } from "zod";

/**
 * The built-in content of SPEC §3, as zod schemas: `data/` modules are checked
 * against them when the content module loads, so a typo fails at start, not in a page.
 */

/** A project-made image with its intrinsic size, so pages reserve its box (no layout shift). */
export const imageSchema = z.object({
  src: z.string().startsWith("/"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof imageSchema>;

const isoTimestamp = z.iso.datetime();

export const projectSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  image: imageSchema,
  /** What the image shows, for people who cannot see it: the product, not the file. */
  image_alt: z.string().trim().min(1),
  tags: z.array(z.string().min(1)).min(1),
  client: z.string().min(1),
  details_link: z.url().optional(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Project = z.infer<typeof projectSchema>;

export const newsPostSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  content: z.string().min(1),
  image: imageSchema,
  date: z.iso.date(),
  author: z.string().min(1),
  category: z.string().min(1),
  article_link: z.url().optional(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;

export const caseStudySchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lower-case slug"),
  title: z.string().min(1),
  clientName: z.string().min(1),
  clientLogo: imageSchema,
  /** The full text of the detail page. */
  description: z.string().min(1),
  /** SPEC §2: the list uses a shorter text for some clients. */
  listDescription: z.string().min(1).optional(),
  screenshot: imageSchema,
  contributions: z.array(z.string().min(1)).min(1),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const servicePages = ["website-design", "web-app-development"] as const;
export const servicePageSchema = z.enum(servicePages);
export type ServicePage = z.infer<typeof servicePageSchema>;

/** One format of an uploaded screenshot, for `<source type srcset>` inside `<picture>`. */
export const imageSourceSchema = z.object({
  type: z.enum(["image/avif", "image/webp"]),
  /** Every width of this format, smallest first: "/uploads/screenshots/ab12-640.avif 640w, …". */
  srcset: z.string().min(1),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

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

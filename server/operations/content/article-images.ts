import path from "node:path";
import { Marked, type Tokens } from "marked";
import type { BodyImage } from "#shared/content-types.ts";
import { toImageSources } from "#server/db/screenshots.ts";
import type { UploadStore } from "#server/files/uploaded-files.ts";
import {
  createImageVariants,
  ImageRejectedError,
  readImageUpload,
  type ImageRecipe,
} from "#server/operations/images/images.ts";
import type { Parsed } from "#server/operations/input.ts";

/** Article images show at most the article's width (768 px) at 1× and 2×. */
export const bodyImageRecipe: ImageRecipe = { folder: "content", widths: [768, 1536] };

/** A link's target that names a file beside the Markdown, not an address. */
const isLocalFile = (href: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(href);

/**
 * The images a news article's body shows (docs/decisions/021-news-that-publishes.md):
 * each `![what it shows](file.png)` naming a file beside the Markdown is checked and
 * converted like any upload, and the body then names the converted file. Images the body
 * already names by an uploaded address are kept; the list holds exactly the images the
 * body shows, so the article page can size and serve each one. Without `baseDir` (the
 * workspace, whose images are uploaded one by one first) no file is read: a body may only
 * name uploaded images.
 */
export async function uploadBodyImages(
  markdown: string,
  baseDir: string | undefined,
  store: UploadStore,
  known: readonly BodyImage[] = [],
): Promise<Parsed<{ content: string; images: BodyImage[] }>> {
  const images = new Map(known.map((image) => [image.src, image]));
  const used = new Map<string, BodyImage>();
  const marked = new Marked({ gfm: true });
  const found: Tokens.Image[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === "image") found.push(token as Tokens.Image);
  });
  let content = markdown;
  for (const token of found) {
    if (!isLocalFile(token.href)) {
      const image = images.get(token.href);
      if (image) used.set(image.src, image);
      continue;
    }
    if (!token.text.trim()) {
      return {
        ok: false,
        message: `body image ${token.href} needs alt text: ![what it shows](${token.href})`,
      };
    }
    if (baseDir === undefined) {
      return { ok: false, message: `the image ${token.href} is not uploaded: add it with the image upload` };
    }
    try {
      const upload = await readImageUpload(path.resolve(baseDir, decodeURI(token.href)));
      const processed = await createImageVariants(upload, store, bodyImageRecipe);
      const image: BodyImage = {
        src: processed.largest.url,
        width: processed.largest.width,
        height: processed.largest.height,
        sources: toImageSources(processed.variants),
      };
      used.set(image.src, image);
      content = content.replace(token.raw, token.raw.replace(token.href, image.src));
    } catch (error) {
      if (error instanceof ImageRejectedError)
        return { ok: false, message: `body image ${token.href}: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, value: { content, images: [...used.values()] } };
}

import { changingContent } from "#server/db/content-revision.ts";
import { findPageSnippet, listPageSnippets, writePageSnippet } from "#server/db/page-snippets.ts";
import { recordFirstRevision, recordRevision } from "#server/db/history.ts";
import { toImageSources } from "#server/db/screenshots.ts";
import { createUploadStore } from "#server/files/uploaded-files.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { isStoredUpload } from "#server/operations/content/content-operations.ts";
import {
  checkImageBytes,
  createImageVariants,
  ImageRejectedError,
  readImageUpload,
  type ImageUpload,
} from "#server/operations/images/images.ts";
import { asSentence, notFound, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import type { Image } from "#shared/content-types.ts";
import { socialImageRecipe } from "#shared/content-fields.ts";
import {
  snippetDocumentSchema,
  snippetMessages,
  type PageSnippetView,
  type SnippetDocument,
} from "#shared/page-snippets.ts";

export type { PageSnippetView } from "#shared/page-snippets.ts";
import { isSnippetPage, snippetPageNames, snippetPages, type SnippetPage } from "#shared/snippet-pages.ts";

/**
 * Each page's search snippet, for the admin CLI and the workspace alike
 * (docs/decisions/040-search-snippets.md): read with the page's own as the default, saved
 * whole with its audit entry, its revision and a new content revision in one transaction.
 */

export type SnippetContext = Pick<OperationContext, "db" | "config" | "actor" | "now">;

/** The revision target of a page's snippet (server/db/history.ts). */
export const snippetTarget = (page: SnippetPage) => `snippet:${page}`;

const unknownPage = (page: string) => notFound(`unknown page ${page}: one of ${snippetPageNames.join(", ")}`);

/** A stored document read back; one no longer valid counts as nothing saved. */
function savedDocument(stored: unknown): SnippetDocument {
  const parsed = snippetDocumentSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

function viewOf(
  page: SnippetPage,
  record: { document: unknown; updatedAt: string; updatedBy: string } | undefined,
): PageSnippetView {
  const defaults = snippetPages[page];
  const saved = savedDocument(record?.document);
  return {
    page,
    title: defaults.title,
    path: defaults.path,
    defaultDescription: defaults.description,
    saved,
    description: saved.description || defaults.description,
    image: saved.image,
    updatedAt: record?.updatedAt ?? null,
    updatedBy: record?.updatedBy ?? null,
  };
}

/** Every page with a snippet, in the order of the site's pages. */
export async function listPageSnippetViews(db: SnippetContext["db"]): Promise<PageSnippetView[]> {
  const records = new Map((await listPageSnippets(db)).map((record) => [record.page, record]));
  return snippetPageNames.map((page) => viewOf(page, records.get(page)));
}

export async function readPageSnippet(
  db: SnippetContext["db"],
  page: string,
): Promise<Outcome<PageSnippetView>> {
  if (!isSnippetPage(page)) return unknownPage(page);
  return succeeded(viewOf(page, await findPageSnippet(db, page)));
}

/** The document as sent, checked: each problem named by its field, as the form shows it. */
export function checkSnippetDocument(input: unknown): Outcome<SnippetDocument> {
  const parsed = snippetDocumentSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      fieldErrors[field] ??=
        field === "image"
          ? snippetMessages.imageNotUploaded
          : issue.code === "invalid_type"
            ? "The description must be text."
            : issue.message;
    }
    const [field, message] = Object.entries(fieldErrors)[0] ?? ["form", "invalid"];
    return refuse(`${field}: ${message}`, fieldErrors);
  }
  // An emptied description means "the page's own": it is left out, not saved empty.
  const { description, image } = parsed.data;
  return succeeded({ ...(description ? { description } : {}), ...(image ? { image } : {}) });
}

/** The note of a snippet's first revision: as the site was built. */
export const ORIGINAL_SNIPPET_NOTE = "The snippet as the site was built, before the first change";

/**
 * Saves a page's snippet whole (restoring a revision is saving its document again, with
 * the note "Restored revision N"). An image must be one uploaded here, or the one the page
 * already shows.
 */
export async function savePageSnippet(
  ctx: SnippetContext,
  page: string,
  input: unknown,
  options: { note?: string } = {},
): Promise<Outcome<{ snippet: PageSnippetView; revision: number }>> {
  if (!isSnippetPage(page)) return unknownPage(page);
  const checked = checkSnippetDocument(input);
  if (!checked.ok) return checked;
  const document = checked.value;
  const before = await findPageSnippet(ctx.db, page);
  const keptImage = savedDocument(before?.document).image?.src;
  if (
    document.image &&
    document.image.src !== keptImage &&
    !(await isStoredUpload(createUploadStore(ctx.config, ctx.db), document.image))
  ) {
    return refuse(`image: ${snippetMessages.imageNotUploaded}`, { image: snippetMessages.imageNotUploaded });
  }
  const now = ctx.now();
  const revision = await changingContent(
    ctx.db,
    async (trx) => {
      await recordFirstRevision(
        trx,
        {
          target: snippetTarget(page),
          document: savedDocument(before?.document),
          actor: ctx.actor.actor,
          note: ORIGINAL_SNIPPET_NOTE,
        },
        now,
      );
      await writePageSnippet(trx, { page, document, actor: ctx.actor.actor }, now);
      return recordRevision(
        trx,
        { target: snippetTarget(page), document, actor: ctx.actor.actor, note: options.note },
        now,
      );
    },
    (id) => ({
      ...ctx.actor,
      action: "snippet.save",
      target: page,
      detail: {
        revision: id,
        description: document.description === undefined ? "default" : "set",
        image: document.image?.src ?? "default",
        ...(options.note ? { note: options.note } : {}),
      },
    }),
  );
  const saved = { document, updatedAt: now.toISOString(), updatedBy: ctx.actor.actor };
  return succeeded({ snippet: viewOf(page, saved), revision });
}

async function convertSocialImage(
  ctx: Pick<SnippetContext, "db" | "config">,
  upload: ImageUpload,
): Promise<Image> {
  const processed = await createImageVariants(
    upload,
    createUploadStore(ctx.config, ctx.db),
    socialImageRecipe,
  );
  return {
    src: processed.largest.url,
    width: processed.largest.width,
    height: processed.largest.height,
    sources: toImageSources(processed.variants),
  };
}

/**
 * A social image the workspace uploads: checked and cropped to a link card's 1200×630 now;
 * no page shows it until a snippet naming it is saved.
 */
export async function uploadSocialImage(
  ctx: Pick<SnippetContext, "db" | "config">,
  bytes: Buffer,
): Promise<Outcome<Image>> {
  try {
    return succeeded(await convertSocialImage(ctx, checkImageBytes("The file", bytes)));
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return refuse(error.message, { file: asSentence(error.message) });
    throw error;
  }
}

/**
 * The command line's change: a new description and/or an image file on its disk, the
 * rest as saved. An empty description, or `clearImage`, go back to the page's own.
 */
export async function changePageSnippet(
  ctx: SnippetContext,
  page: string,
  change: { description?: string; imageFile?: string; clearImage?: boolean },
): Promise<Outcome<{ snippet: PageSnippetView; revision: number }>> {
  const current = await readPageSnippet(ctx.db, page);
  if (!current.ok) return current;
  const document: SnippetDocument = { ...current.value.saved };
  if (change.description !== undefined) document.description = change.description;
  if (change.clearImage) delete document.image;
  if (change.imageFile !== undefined) {
    try {
      document.image = await convertSocialImage(ctx, await readImageUpload(change.imageFile));
    } catch (error) {
      if (error instanceof ImageRejectedError)
        return refuse(`image: ${error.message}`, { image: error.message });
      throw error;
    }
  }
  return savePageSnippet(ctx, page, document);
}

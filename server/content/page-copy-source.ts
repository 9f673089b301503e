import { isDeepStrictEqual } from "node:util";
import { PREVIEW_PARAMETER } from "#server/auth/preview-links.ts";
import { readContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { findPageCopy } from "#server/db/page-copy.ts";
import { copyPages, copyTarget, type CopyPageName, type PageCopy } from "#shared/copy/copy-pages.ts";
import { defaultPageCopy } from "./page-copy-defaults";
import { findPreviewGrant } from "./preview-access";

/**
 * A page's copy for its loader, whether it is an unpublished draft shown through a preview
 * link, and whether it is still the copy the site ships with (a page that hydrates then
 * sends none: it has the shipped copy in its own script).
 */
export type LoadedPageCopy<P extends CopyPageName> = {
  copy: PageCopy<P>;
  preview: boolean;
  shipped: boolean;
};

/** The copy a page shows: `stored` when it passes the page's description, else what the site ships with. */
export function pageCopyOf<P extends CopyPageName>(page: P, stored: unknown): PageCopy<P> {
  const schema = copyPages[page].schema;
  const parsed = stored === undefined ? undefined : schema.safeParse(stored);
  // A document saved under an older description falls back to the shipped copy rather than break the page.
  return (parsed?.success ? parsed.data : schema.parse(defaultPageCopy[page])) as PageCopy<P>;
}

const shippedCopies = new Map<CopyPageName, unknown>();

/** Whether `copy` is the page's shipped copy, compared as checked and before `{brand}` is filled. */
function isShippedCopy(page: CopyPageName, copy: unknown): boolean {
  let shipped = shippedCopies.get(page);
  if (shipped === undefined) {
    shipped = pageCopyOf(page, undefined);
    shippedCopies.set(page, shipped);
  }
  return isDeepStrictEqual(copy, shipped);
}

/**
 * Reads pages' copy for their loaders (docs/decisions/039-editable-page-copy.md): each
 * page's published copy is read from the database once per content revision and kept,
 * so a visit costs one read of the revision counter. A request carrying a live preview
 * link for the page gets the draft the link was made of instead (it is pinned to it,
 * docs/decisions/050-stored-preview-links.md), read afresh and never kept. `now` is the
 * clock links expire by.
 */
export function createPageCopySource(db: Db, now: () => Date = () => new Date()) {
  type Shown<P extends CopyPageName> = { copy: PageCopy<P>; shipped: boolean };
  const kept = new Map<CopyPageName, Shown<CopyPageName> & { revision: number }>();

  /** The copy and whether it is the shipped one: compared once per content revision, as it is read. */
  const withShipped = <P extends CopyPageName>(page: P, copy: PageCopy<P>): Shown<P> => ({
    copy,
    shipped: isShippedCopy(page, copy),
  });

  async function readPublished<P extends CopyPageName>(page: P): Promise<Shown<P>> {
    const entry = kept.get(page) as (Shown<P> & { revision: number }) | undefined;
    try {
      const revision = await readContentRevision(db);
      if (entry?.revision === revision) return entry;
      const read = withShipped(page, pageCopyOf(page, (await findPageCopy(db, page))?.published));
      kept.set(page, { revision, ...read });
      return read;
    } catch {
      // Pages stand without the database (an outage): the copy last read, else the shipped copy.
      return entry ?? { copy: pageCopyOf(page, undefined), shipped: true };
    }
  }

  async function draft<P extends CopyPageName>(page: P, token: string): Promise<Shown<P> | undefined> {
    const grant = await findPreviewGrant(db, token, copyTarget(page), now());
    return grant && withShipped(page, pageCopyOf(page, grant.document));
  }

  return {
    /**
     * The page's published copy, as visitors see it now; kept per content revision like the
     * pages', and never failing: during an outage, the copy last read or the shipped copy.
     */
    published: async <P extends CopyPageName>(page: P) => (await readPublished(page)).copy,
    /** The page's copy; the draft a live preview link in `url` was made of, when it carries one for the page. */
    async read<P extends CopyPageName>(page: P, url: string): Promise<LoadedPageCopy<P>> {
      const token = new URL(url).searchParams.get(PREVIEW_PARAMETER);
      // A preview the database cannot answer shows the published page.
      const previewed = token ? await draft(page, token).catch(() => undefined) : undefined;
      if (previewed) return { ...previewed, preview: true };
      const { copy, shipped } = await readPublished(page);
      return { copy, shipped, preview: false };
    },
  };
}

export type PageCopySource = ReturnType<typeof createPageCopySource>;

import type { CopyPageName } from "./copy-pages";

/**
 * A page's copy as staff see it (server/operations/copy/page-copy-operations.ts answers it,
 * the workspace's Pages screens show it): what visitors see, and an unpublished draft if there is one.
 */
export type PageCopyView = {
  page: CopyPageName;
  label: string;
  path: string;
  published: unknown;
  draft: unknown;
  /** False while the page shows the copy the site ships with. */
  customised: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
};

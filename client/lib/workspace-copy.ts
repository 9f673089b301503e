/** A page's copy as the workspace API answers it (server/operations/copy/page-copy-operations.ts). */
export type PageCopyView = {
  page: string;
  label: string;
  path: string;
  published: unknown;
  draft: unknown;
  customised: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
};

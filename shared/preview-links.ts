/**
 * A live preview link as the workspace lists it beside what it shows
 * (docs/decisions/050-stored-preview-links.md): never its token, which only its maker saw.
 */
export type PreviewLinkView = {
  id: number;
  /** What it shows: "page:home", "news/<id>", "case-studies/<id>". */
  target: string;
  createdAt: string;
  /** A staff e-mail address, or "cli:<user>", as the audit log names them. */
  createdBy: string;
  expiresAt: string;
};

/** The link a preview is made as: its id to list and revoke it by, and where it opens. */
export type PreviewLinkMade = { id: number; path: string; url: string; expiresAt: string };

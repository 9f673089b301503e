import type { ContentSource } from "#server/content/content-source.ts";
import type { PreviewAccess } from "#server/content/preview-access.ts";
import type { FormTokens } from "#server/operations/leads/form-guard.ts";
import type { LeadService } from "#server/operations/leads/lead-service.ts";
import type { VisitorBooking } from "#server/operations/meetings/visitor-booking.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { SiteSettings } from "#shared/site-settings.ts";
import type { Staff } from "#server/auth/staff.ts";
import type { PathProblem } from "#server/http/unreadable-path.ts";

/** What every route loader and action receives as `context`. */
export type SiteLoadContext = {
  /** Undefined when the page is rendered for the page cache, whose copies are allowed by script hashes. */
  cspNonce: string | undefined;
  /** The page cache's renders wait for the whole page (there is no visitor to show the shell to). */
  renderWhole?: boolean;
  /**
   * Called when a loader could not read content and the page shows its error state or
   * placeholders instead: the page cache then does not keep that render.
   */
  onDegraded?: () => void;
  settings: SiteSettings;
  gtmId: string | undefined;
  content: ContentSource;
  /** Form submissions, for route actions (forms posted without JavaScript) and the newsletter pages. */
  leads: LeadService;
  /** A visitor's own appointment page, by the private link's token. */
  appointments: VisitorBooking;
  /** Signs the start field of each form a page serves. */
  formTokens: FormTokens;
  /** The request's logger (carries its id), for what loaders must report but not show. */
  logger: Logger;
  /** Whether this request's preview link shows an unpublished item (server/content/preview-access.ts). */
  preview: PreviewAccess;
  /** The signed-in member of staff, on /admin pages (never cached); undefined elsewhere. */
  staff?: Staff;
  /** Set when the path was one the router cannot take: its not-found page answers with this status. */
  pathProblem?: PathProblem;
};

declare module "react-router" {
  // Interface merging is how React Router types the load context.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}

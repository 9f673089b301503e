import { Migrator, type Kysely, type Migration, type MigrationResult } from "kysely";
import * as initial from "./migrations/0001_initial";
import * as screenshotVariants from "./migrations/0002_screenshot_variants";
import * as suspectedSpam from "./migrations/0003_suspected_spam";
import * as readinessProbe from "./migrations/0004_readiness_probe";
import * as outboxLease from "./migrations/0005_outbox_lease";
import * as sharedState from "./migrations/0006_shared_state";
import * as contentItems from "./migrations/0007_content_items";
import * as contentRevision from "./migrations/0008_content_revision";
import * as contentListing from "./migrations/0010_content_listing";
import * as leadFollowUp from "./migrations/0011_lead_follow_up";
import * as erasures from "./migrations/0012_erasures";
import * as alertIncidents from "./migrations/0013_alert_incidents";
import * as staffAccounts from "./migrations/0014_staff_accounts";
import * as staffSignIn from "./migrations/0015_staff_sign_in";
import * as leadRead from "./migrations/0016_lead_read";
import * as stepUpAndDevices from "./migrations/0018_step_up_and_devices";
import * as leadOwner from "./migrations/0019_lead_owner";
import * as overviewIndexes from "./migrations/0020_overview_indexes";
import * as leadAttribution from "./migrations/0021_lead_attribution";
import * as revisions from "./migrations/0022_revisions";
import * as siteSettings from "./migrations/0023_site_settings";
import * as pageCopy from "./migrations/0024_page_copy";
import * as pageSnippets from "./migrations/0025_page_snippets";
import * as publishSchedule from "./migrations/0026_publish_schedule";
import * as newsCategories from "./migrations/0027_news_categories";
import * as pageViewCounts from "./migrations/0028_page_view_counts";
import * as pageViewValues from "./migrations/0029_page_view_values";
import * as previewLinks from "./migrations/0030_preview_links";
import * as hashedClientAddresses from "./migrations/0031_hashed_client_addresses";
import * as jobRuns from "./migrations/0032_job_runs";
import * as leadVisitsCounted from "./migrations/0033_lead_visits_counted";
import * as weeklyReport from "./migrations/0034_weekly_report";
import * as appointmentSlots from "./migrations/0035_appointment_slots";
import * as visitorBooking from "./migrations/0036_visitor_booking";
import * as calendarFeeds from "./migrations/0037_calendar_feeds";
import * as editing from "./migrations/0038_editing";
import * as oneLeadPerForm from "./migrations/0039_one_lead_per_form";

/**
 * Every migration, in order, bundled with the server: a static list rather than a folder
 * scan, so the built server (one esbuild file) carries them.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_screenshot_variants": screenshotVariants,
  "0003_suspected_spam": suspectedSpam,
  "0004_readiness_probe": readinessProbe,
  "0005_outbox_lease": outboxLease,
  "0006_shared_state": sharedState,
  "0007_content_items": contentItems,
  "0008_content_revision": contentRevision,
  "0010_content_listing": contentListing,
  "0011_lead_follow_up": leadFollowUp,
  "0012_erasures": erasures,
  "0013_alert_incidents": alertIncidents,
  "0014_staff_accounts": staffAccounts,
  "0015_staff_sign_in": staffSignIn,
  "0016_lead_read": leadRead,
  "0018_step_up_and_devices": stepUpAndDevices,
  "0019_lead_owner": leadOwner,
  "0020_overview_indexes": overviewIndexes,
  "0021_lead_attribution": leadAttribution,
  "0022_revisions": revisions,
  "0023_site_settings": siteSettings,
  "0024_page_copy": pageCopy,
  "0025_page_snippets": pageSnippets,
  "0026_publish_schedule": publishSchedule,
  "0027_news_categories": newsCategories,
  "0028_page_view_counts": pageViewCounts,
  "0029_page_view_values": pageViewValues,
  "0030_preview_links": previewLinks,
  "0031_hashed_client_addresses": hashedClientAddresses,
  "0032_job_runs": jobRuns,
  "0033_lead_visits_counted": leadVisitsCounted,
  "0034_weekly_report": weeklyReport,
  "0035_appointment_slots": appointmentSlots,
  "0036_visitor_booking": visitorBooking,
  "0037_calendar_feeds": calendarFeeds,
  "0038_editing": editing,
  "0039_one_lead_per_form": oneLeadPerForm,
};

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Applies the migrations not yet applied. When there are none it only reads, so a server
 * can start on a database it cannot write (a read-only volume, a full disk): it serves
 * pages and its readiness check reports the storage problem, rather than a restart loop.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  if (known.every((migration) => migration.executedAt !== undefined)) return [];
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new MigrationError(`Database migration ${failed} failed`, { cause: error });
  }
  return results;
}

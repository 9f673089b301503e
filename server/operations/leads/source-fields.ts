import type { SourceColumnName, WebAppLeadRow } from "#server/db/schema.ts";
import type { LeadSource } from "#shared/lead-source.ts";

/** A stored row's source columns as records name them (JSON, CSV, the workspace). */
export function toLeadSource(row: Pick<WebAppLeadRow, SourceColumnName>): LeadSource {
  return {
    sourcePage: row.source_page,
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    clickIdKind: row.click_id_kind,
    clickId: row.click_id,
  };
}

import type { Db } from "#server/db/database.ts";
import {
  findWebAppLead,
  findWebsiteDesignLead,
  listWebAppLeads,
  listWebsiteDesignLeads,
  setLeadsRead,
  type LeadFilter,
  type ReadMarker,
} from "#server/db/leads.ts";
import { fromDbBoolean } from "#server/db/dialect.ts";
import type { WebAppLeadRow, WebsiteDesignLeadRow } from "#server/db/schema.ts";
import { toSubmissionFields, type SubmissionFields } from "./submission-fields";
import { ownerOf, type OwnerField } from "./owner-field";
import { selectStaffNames, type StaffName } from "#server/db/lead-owners.ts";
import { leadId } from "./lead-records";
import { toLeadSource } from "./source-fields";
import type { LeadSource } from "#shared/lead-source.ts";
import { invalidLeadId, leadTypes, parseLeadId, type LeadType } from "./lead-ids";
import type { Actor } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import { recordAudit } from "#server/db/audit-log.ts";

/**
 * Both lead forms in one shape, so one list, one CSV header and one JSON schema serve
 * them; a field the other form does not ask for is null.
 */
export type LeadRecord = {
  id: string;
  type: LeadType;
  fullName: string;
  companyName: string;
  /** business_email of a website-design lead, work_email of a web-app lead. */
  email: string;
  phoneNumber: string | null;
  websiteType: string | null;
  budget: string | null;
  timeline: string | null;
  industry: string | null;
  companySize: string | null;
} & SubmissionFields &
  OwnerField &
  LeadSource;

/** Either form's row as a LeadRecord: each field from the form that asks for it, else null. */
function toLeadRecord(row: WebsiteDesignLeadRow | WebAppLeadRow, staff: StaffNames): LeadRecord {
  const design = "business_email" in row ? row : undefined;
  const webApp = "business_email" in row ? undefined : row;
  const type = design ? "website-design" : "web-app";
  return {
    id: leadId(type, row.id),
    type,
    fullName: row.full_name,
    companyName: row.company_name,
    email: "business_email" in row ? row.business_email : row.work_email,
    phoneNumber: webApp?.phone_number ?? null,
    websiteType: design?.website_type ?? null,
    budget: design?.budget ?? null,
    timeline: design?.timeline ?? null,
    industry: webApp?.industry ?? null,
    companySize: webApp?.company_size ?? null,
    ...toSubmissionFields(row),
    owner: ownerOf(row, staff),
    ...toLeadSource(row),
  };
}

/** Both tables merged, newest first; genuine and suspected alike unless `spam` says otherwise. */
export async function loadLeadRecords(
  db: Db,
  filter: LeadFilter & { type?: LeadType } = {},
  /** The accounts owners are named from, where the caller has read them already. */
  staffNames?: Map<number, StaffName>,
): Promise<LeadRecord[]> {
  const staff = staffNames ?? (await selectStaffNames(db));
  const records = [
    ...(filter.type !== "web-app"
      ? (await listWebsiteDesignLeads(db, filter)).map((row) => toLeadRecord(row, staff))
      : []),
    ...(filter.type !== "website-design"
      ? (await listWebAppLeads(db, filter)).map((row) => toLeadRecord(row, staff))
      : []),
  ];
  // Stable sort: within one instant, each table's own newest-first order stays.
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One lead as `show` and the workspace present it, by its id as listed ("wd-12", "wa-7"). */
export async function findLeadRecord(db: Db, text: string): Promise<Outcome<LeadRecord>> {
  const parsed = parseLeadId(text);
  if (!parsed) return failed("invalid", invalidLeadId(text));
  const staff = await selectStaffNames(db);
  const record =
    parsed.type === "website-design"
      ? mapDefined(await findWebsiteDesignLead(db, parsed.id), (row) => toLeadRecord(row, staff))
      : mapDefined(await findWebAppLead(db, parsed.id), (row) => toLeadRecord(row, staff));
  return record ? succeeded(record) : failed("not-found", `unknown lead id ${text}`);
}

type StaffNames = Map<number, StaffName>;

const mapDefined = <Row, Result>(row: Row | undefined, map: (row: Row) => Result) => row && map(row);

const leadTables = { "website-design": "website_design_leads", "web-app": "web_app_leads" } as const;

/**
 * Marks leads read or unread by their listed ids ("wd-12", "wa-7"), audited ("lead.read")
 * in the same transaction, as markAppointmentsRead does; answers which changed and which
 * already were so. An invalid or unknown id changes nothing at all.
 */
export async function markLeadsRead(
  db: Db,
  idTexts: readonly string[],
  read: boolean,
  actor: Actor,
  marker?: ReadMarker,
): Promise<Outcome<{ changed: string[]; already: string[] }>> {
  const refs: { text: string; type: LeadType; id: number }[] = [];
  for (const text of idTexts) {
    const parsed = parseLeadId(text);
    if (!parsed) return failed("invalid", invalidLeadId(text));
    if (!refs.some((ref) => ref.text === text)) refs.push({ text, ...parsed });
  }
  const rows = await Promise.all(
    refs.map((ref) =>
      ref.type === "website-design" ? findWebsiteDesignLead(db, ref.id) : findWebAppLead(db, ref.id),
    ),
  );
  const unknown = refs.filter((_, index) => !rows[index]).map((ref) => ref.text);
  if (unknown.length > 0) {
    return failed("not-found", `unknown lead id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
  }
  const already = refs.filter((_, index) => {
    const row = rows[index];
    return row !== undefined && fromDbBoolean(row.read) === read;
  });
  const changed = refs.filter((ref) => !already.includes(ref));
  await db.transaction().execute(async (trx) => {
    for (const type of leadTypes) {
      const ids = changed.filter((ref) => ref.type === type).map((ref) => ref.id);
      await setLeadsRead(trx, leadTables[type], ids, read, marker);
    }
    for (const ref of changed) {
      await recordAudit(trx, { ...actor, action: "lead.read", target: ref.text, detail: { read } });
    }
  });
  return succeeded({ changed: changed.map((ref) => ref.text), already: already.map((ref) => ref.text) });
}

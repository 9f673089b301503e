import { z } from "zod";
import type { Kysely } from "kysely";
import {
  auditHasActorPrefix,
  findContentDocuments,
  findLeadPeople,
  listAudit,
  listAuditStaffActors,
  listRevisionTimes,
  type AuditFilter,
  type AuditRecord,
} from "#server/db/audit-log.ts";
import type { Database } from "#server/db/schema.ts";
import {
  auditGroupKeys,
  auditGroups,
  COMMAND_LINE_PERSON,
  SCHEDULED_PUBLISHING_PERSON,
  type AuditEntryView,
  type AuditPerson,
} from "#shared/audit-actions.ts";
import { formOfInboxId } from "#shared/lead-names.ts";
import { refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import { addDays, agencyMidnight } from "#server/operations/agency-time.ts";
import { auditSentence, restoredRevisionOf, revisionTargetOf } from "./audit-sentences";

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const day = (label: string) =>
  z
    .string({ error: `${label} must be one date.` })
    .trim()
    .refine((value) => agencyMidnight(value) !== undefined, `${label} must be a date, like 2026-11-28.`);

/**
 * The log's filters as the address carries them (a GET form), checked: `person` (an address,
 * "command-line" or "scheduled-publishing"), `group` (a group of actions), `from` and `to`
 * (days, in the agency's time zone, both included), `before` (paging) and `limit`. An empty
 * value is no filter, as a form sends it.
 */
export const auditQuerySchema = z.object({
  person: z.string({ error: "Choose one person." }).trim().max(254, "The person is too long.").optional(),
  group: z.enum(auditGroupKeys, { error: "Choose a kind of change from the list." }).optional(),
  from: day("The first day").optional(),
  to: day("The last day").optional(),
  before: z
    .string({ error: "The page must be a whole number." })
    .regex(/^\d{1,12}$/, "The page must be a whole number.")
    .optional(),
  limit: z
    .string({ error: "The page size must be a whole number." })
    .regex(/^\d{1,4}$/, "The page size must be a whole number.")
    .optional(),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The query without its empty values, as a GET form sends an unchosen select. */
export function withoutEmpty(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

/** The checked query as the database's filter; a `to` before `from` is refused, beside the `to` field. */
export function auditFilterOf(query: AuditQuery): Outcome<AuditFilter> {
  if (query.from && query.to && query.to < query.from) {
    const message = "The last day must be on or after the first day.";
    return refuse(message, { to: message });
  }
  const limit = Math.min(Number(query.limit ?? AUDIT_PAGE_DEFAULT) || AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX);
  const person = query.person;
  const actorPrefix =
    person === COMMAND_LINE_PERSON ? "cli:" : person === SCHEDULED_PUBLISHING_PERSON ? "system:" : undefined;
  const actor = person && !actorPrefix ? person.toLowerCase() : undefined;
  const group = auditGroups.find((each) => each.key === query.group);
  return succeeded({
    limit,
    before: query.before === undefined ? undefined : Number(query.before),
    actor,
    actorPrefix,
    actions: group?.actions,
    // Days are the agency's: from its midnight, to the midnight after the last day.
    from: query.from ? agencyMidnight(query.from)?.toISOString() : undefined,
    until: query.to ? agencyMidnight(addDays(query.to, 1))?.toISOString() : undefined,
  });
}

/** The targets' names for a page of entries: lead people and item titles, a query per table. */
async function targetNames(
  db: Kysely<Database>,
  entries: readonly AuditRecord[],
): Promise<Map<string, string>> {
  const leadIds = {
    websiteDesign: new Set<number>(),
    webApp: new Set<number>(),
    appointment: new Set<number>(),
  };
  const items: Array<{ kind: string; id: string }> = [];
  for (const { target, action } of entries) {
    if (!target) continue;
    const form = formOfInboxId(target);
    const rowId = Number(target.slice(3));
    if (form === "website-design") leadIds.websiteDesign.add(rowId);
    else if (form === "web-app") leadIds.webApp.add(rowId);
    else if (form === "appointment") leadIds.appointment.add(rowId);
    else if (action.startsWith("content.")) {
      const [kind, ...rest] = target.split("/");
      if (kind && rest.length) items.push({ kind, id: rest.join("/") });
    }
  }
  const people = await findLeadPeople(db, {
    websiteDesign: [...leadIds.websiteDesign],
    webApp: [...leadIds.webApp],
    appointment: [...leadIds.appointment],
  });
  const names = new Map<string, string>();
  for (const [id, name] of people.websiteDesign) names.set(`wd-${id}`, name);
  for (const [id, name] of people.webApp) names.set(`wa-${id}`, name);
  for (const [id, name] of people.appointment) names.set(`ap-${id}`, name);
  for (const row of await findContentDocuments(db, items)) {
    const title = titleOf(row.document);
    if (title) names.set(`${row.kind}/${row.id}`, title);
  }
  return names;
}

function titleOf(document: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(document);
    const title = parsed && typeof parsed === "object" ? (parsed as { title?: unknown }).title : undefined;
    return typeof title === "string" && title.trim() ? title.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** For each restore on the page (by entry id), when the version it brought back was saved. */
async function restoredTimes(
  db: Kysely<Database>,
  entries: readonly AuditRecord[],
): Promise<Map<number, string>> {
  const wanted = entries.flatMap((entry) => {
    const number = restoredRevisionOf(entry.detail);
    const target = revisionTargetOf(entry.action, entry.target);
    return number !== undefined && target ? [{ entry: entry.id, target, number }] : [];
  });
  const times = await listRevisionTimes(db, [...new Set(wanted.map((each) => each.target))]);
  const found = new Map<number, string>();
  for (const { entry, target, number } of wanted) {
    const revision = times.filter((each) => each.target === target)[number - 1];
    if (revision) found.set(entry, revision.saved_at);
  }
  return found;
}

/** A page of the log, each entry with its sentence. */
export async function listAuditView(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ entries: AuditEntryView[]; nextBefore: number | null }> {
  const records = await listAudit(db, filter);
  const names = await targetNames(db, records);
  const restored = await restoredTimes(db, records);
  const entries = records.map((record) => ({
    id: record.id,
    at: record.at,
    actor: record.actor,
    ip: record.ip,
    action: record.action,
    target: record.target,
    sentence: auditSentence({
      ...record,
      targetName: record.target ? names.get(record.target) : undefined,
      restoredFrom: restored.get(record.id),
    }),
  }));
  const last = records.at(-1);
  return { entries, nextBefore: records.length === filter.limit && last ? last.id : null };
}

/** Who the person filter offers: the staff who appear, then the command line and scheduled publishing when they do. */
export async function listAuditPeople(db: Kysely<Database>): Promise<AuditPerson[]> {
  const people: AuditPerson[] = (await listAuditStaffActors(db)).map((email) => ({
    value: email,
    label: email,
  }));
  people.push({ value: COMMAND_LINE_PERSON, label: "The command line" });
  if (await auditHasActorPrefix(db, "system:")) {
    people.push({ value: SCHEDULED_PUBLISHING_PERSON, label: "Scheduled publishing" });
  }
  return people;
}

import { markAppointmentsRead } from "#server/operations/meetings/appointment-records.ts";
import type { Actor, OperationContext } from "#server/operations/context.ts";
import { failed, type Outcome } from "#shared/outcome.ts";
import { invalidInboxId, loadInboxRecord, parseInboxId, type InboxRecord } from "./inbox";
import { markLeadsRead } from "./stored-leads";

/**
 * A member of staff opens a lead's page: an unread lead or appointment request becomes
 * read by them, now (audited "lead.read" as the button's mark is), and is answered in full.
 * One that is read already keeps its mark, and who made it.
 */
export async function openInboxRecord(
  { db, now }: Pick<OperationContext, "db" | "now">,
  text: string,
  reader: { userId: number; actor: Actor },
): Promise<Outcome<InboxRecord>> {
  const ref = parseInboxId(text);
  if (!ref) return failed("invalid", invalidInboxId(text));
  const found = await loadInboxRecord(db, ref.id);
  if (!found.ok || found.value.record.read) return found;
  const marker = { by: reader.userId, at: now().toISOString() };
  const marked =
    ref.form === "appointment"
      ? await markAppointmentsRead(db, [String(ref.rowId)], true, reader.actor, marker)
      : await markLeadsRead(db, [ref.id], true, reader.actor, marker);
  if (!marked.ok) return marked;
  return loadInboxRecord(db, ref.id);
}

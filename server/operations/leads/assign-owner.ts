import type { Db } from "#server/db/database.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { selectOwners, selectStaffNames, setOwner, type StaffName } from "#server/db/lead-owners.ts";
import { normaliseEmail } from "#server/auth/accounts.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, succeeded, type Outcome } from "#shared/outcome.ts";
import type { AssignableStaff } from "#shared/inbox.ts";
import { invalidInboxId, parseInboxId, type InboxRef } from "./inbox";

/**
 * One person per lead (docs/decisions/036-lead-owner-and-read-by.md): a lead or
 * appointment request is assigned to one active sales or admin account, or to nobody;
 * each change is audited ("lead.assigned", from and to) in the same transaction, which is
 * where its page reads "Assigned to … by …" from.
 */

/** The roles that answer leads: the ones the workspace's Leads area is open to. */
const ownerRoles: readonly string[] = ["sales", "admin"];

/** Most rows one bulk assignment takes: a page of the inbox is 50. */
const MAX_IDS = 500;

/** Who a lead may be assigned to: active sales and admin accounts, by address. */
export async function listAssignableStaff(db: Db): Promise<AssignableStaff[]> {
  return [...(await selectStaffNames(db)).values()]
    .filter((name) => !name.disabled && ownerRoles.includes(name.role))
    .map((name) => ({ id: name.id, email: name.email, role: name.role }));
}

/** The account an address names, if a lead may be assigned to it; else why not. */
function checkOwner(staff: Map<number, StaffName>, emailText: string): Outcome<StaffName> {
  const email = normaliseEmail(emailText);
  const owner = [...staff.values()].find((name) => name.email === email);
  if (!owner) return failed("invalid", `no staff account has the address ${email}`);
  if (owner.disabled) {
    return failed("invalid", `the account ${email} is disabled: assign it to an active member of staff`);
  }
  if (!ownerRoles.includes(owner.role)) {
    return failed(
      "invalid",
      `the account ${email} is an ${owner.role} account: leads go to sales or admin staff only`,
    );
  }
  return succeeded(owner);
}

/** Valid, distinct inbox ids ("wd-12", "wa-7", "ap-3"), or the first bad one's refusal. */
function parseRefs(idTexts: readonly string[]): Outcome<InboxRef[]> {
  if (idTexts.length === 0) return failed("invalid", "name at least one lead or appointment request");
  if (idTexts.length > MAX_IDS) return failed("invalid", `at most ${MAX_IDS} at once`);
  const refs: InboxRef[] = [];
  for (const text of idTexts) {
    const ref = parseInboxId(text);
    if (!ref) return failed("invalid", invalidInboxId(text));
    if (!refs.some((known) => known.id === ref.id)) refs.push(ref);
  }
  return succeeded(refs);
}

export type Assignment = {
  /** The new owner's address; null: nobody. */
  owner: string | null;
  changed: string[];
  already: string[];
};

/**
 * Assigns leads and appointment requests (by inbox id) to the account with `ownerEmail`,
 * or to nobody (null). Unknown ids, or an owner who may not answer leads (no such
 * account, disabled, an editor), change nothing at all; rows already so are left as they are.
 */
export async function assignOwner(
  { db, actor, now }: Pick<OperationContext, "db" | "actor" | "now">,
  idTexts: readonly string[],
  ownerEmail: string | null,
): Promise<Outcome<Assignment>> {
  const refs = parseRefs(idTexts);
  if (!refs.ok) return refs;
  const staff = await selectStaffNames(db);
  let owner: StaffName | null = null;
  if (ownerEmail !== null) {
    const checked = checkOwner(staff, ownerEmail);
    if (!checked.ok) return checked;
    owner = checked.value;
  }
  const byTable = new Map<LeadTable, InboxRef[]>();
  for (const ref of refs.value) byTable.set(ref.table, [...(byTable.get(ref.table) ?? []), ref]);
  const current = new Map<string, number | null>();
  for (const [table, tableRefs] of byTable) {
    const owners = await selectOwners(
      db,
      table,
      tableRefs.map((ref) => ref.rowId),
    );
    for (const ref of tableRefs)
      if (owners.has(ref.rowId)) current.set(ref.id, owners.get(ref.rowId) ?? null);
  }
  const unknown = refs.value.filter((ref) => !current.has(ref.id)).map((ref) => ref.id);
  if (unknown.length > 0)
    return failed("not-found", `unknown id${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
  const ownerId = owner?.id ?? null;
  const changed = refs.value.filter((ref) => current.get(ref.id) !== ownerId);
  const emailOf = (id: number | null | undefined) => (id == null ? null : (staff.get(id)?.email ?? null));
  await db.transaction().execute(async (trx) => {
    for (const [table, tableRefs] of byTable) {
      const ids = tableRefs.filter((ref) => changed.includes(ref)).map((ref) => ref.rowId);
      await setOwner(trx, table, ids, ownerId);
    }
    for (const ref of changed) {
      await recordAudit(
        trx,
        {
          ...actor,
          action: "lead.assigned",
          target: ref.id,
          detail: { from: emailOf(current.get(ref.id)), to: owner?.email ?? null },
        },
        now(),
      );
    }
  });
  return succeeded({
    owner: owner?.email ?? null,
    changed: changed.map((ref) => ref.id),
    already: refs.value.filter((ref) => !changed.includes(ref)).map((ref) => ref.id),
  });
}

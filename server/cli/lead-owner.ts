import { assignOwner } from "#server/operations/leads/assign-owner.ts";
import { operationContext, type CliContext } from "./context";
import { exitCodes, fail, plural, printLine, type ExitCode } from "./output";

/**
 * `leads assign ID EMAIL` (or `--none`) and `leads unassign ID...`: who answers a lead or
 * appointment request ("wd-12", "wa-7", "ap-3"), by the workspace's own operation.
 */
export async function assignLeadsCommand(
  ctx: CliContext,
  ids: readonly string[],
  ownerEmail: string | null,
): Promise<ExitCode> {
  const assigned = await assignOwner(operationContext(ctx), ids, ownerEmail);
  if (!assigned.ok) return fail(ctx.out, assigned.message);
  const { owner, changed, already } = assigned.value;
  const to = owner ?? "nobody";
  const parts = [
    changed.length > 0 ? `Assigned ${plural(changed.length, "lead")} to ${to} (${changed.join(", ")}).` : "",
    already.length > 0
      ? `${plural(already.length, "lead")} already assigned to ${to}: ${already.join(", ")}.`
      : "",
  ];
  printLine(ctx.out, parts.filter(Boolean).join(" "));
  return exitCodes.ok;
}

/** `assign ID [EMAIL] [--none]`: exactly one of an address and --none. */
export async function assignLeadCommand(
  ctx: CliContext,
  id: string,
  email: string | undefined,
  options: { none?: boolean },
): Promise<ExitCode> {
  if (Boolean(options.none) === (email !== undefined)) {
    return fail(ctx.out, "give either a staff e-mail address or --none, not both or neither");
  }
  return assignLeadsCommand(ctx, [id], email ?? null);
}

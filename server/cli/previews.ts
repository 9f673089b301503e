import type { Command } from "commander";
import type { Run } from "./command-parts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { listPreviewLinks, revokePreviewLink } from "#server/operations/previews/preview-links.ts";
import type { PreviewLinkView } from "#shared/preview-links.ts";
import { operationContext, type CliContext } from "./context";
import { formatTable, type Column } from "./format";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";

/**
 * `site-admin previews list [TARGET]` and `previews revoke ID`: the preview links that
 * still open, and closing one (docs/decisions/050-stored-preview-links.md). Links are made
 * by `pages preview PAGE` and `<kind> preview ID`.
 */

export async function listPreviewsCommand(
  ctx: CliContext,
  target: string | undefined,
  options: { json?: boolean },
): Promise<ExitCode> {
  const listed = await listPreviewLinks(operationContext(ctx), target);
  if (!listed.ok) return fail(ctx.out, listed.message);
  if (options.json) {
    printJson(ctx.out, listed.value);
    return exitCodes.ok;
  }
  if (listed.value.length === 0) {
    printLine(
      ctx.out,
      target === undefined ? "No preview links open." : `No preview links open for ${target}.`,
    );
    return exitCodes.ok;
  }
  const columns: Column<PreviewLinkView>[] = [
    { header: "ID", value: (link) => link.id },
    { header: "SHOWS", value: (link) => link.target },
    { header: "MADE", value: (link) => formatLocalDateTime(link.createdAt) },
    { header: "BY", value: (link) => link.createdBy },
    { header: "UNTIL", value: (link) => formatLocalDateTime(link.expiresAt) },
  ];
  printLine(ctx.out, formatTable(columns, listed.value));
  printLine(ctx.out);
  printLine(
    ctx.out,
    `${plural(listed.value.length, "link")} open, newest first. Revoke one with: site-admin previews revoke <ID>`,
  );
  return exitCodes.ok;
}

export async function revokePreviewCommand(ctx: CliContext, id: string): Promise<ExitCode> {
  const revoked = await revokePreviewLink(operationContext(ctx), id);
  if (!revoked.ok) return fail(ctx.out, revoked.message);
  printLine(
    ctx.out,
    `Revoked preview link ${revoked.value.id} of ${revoked.value.target}: it no longer opens.`,
  );
  return exitCodes.ok;
}

export function addPreviewCommands(program: Command, run: Run): void {
  const previews = program
    .command("previews")
    .description("preview links that show a draft before visitors see it: list and revoke them");
  previews
    .command("list")
    .description("the links that still open, with who made them and until when")
    .argument("[target]", "only this page's (home, page:home) or item's (news/<id>, case-studies/<id>)")
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((target: string | undefined, options: { json?: boolean }) =>
      run((ctx) => listPreviewsCommand(ctx, target, options)),
    );
  previews
    .command("revoke")
    .description("close a preview link at once: it shows what an unknown link shows")
    .argument("<id>", "the link's ID from previews list")
    .action((id: string) => run((ctx) => revokePreviewCommand(ctx, id)));
}

import type { ContentKind } from "#server/db/content-items.ts";
import { contentKindSpecs } from "#shared/content-fields.ts";
import { formatPublishTime } from "#shared/publish-time.ts";
import {
  featureContent,
  scheduleContent,
  unscheduleContent,
} from "#server/operations/content/content-publishing.ts";
import { createContentPreviewLink } from "#server/operations/content/content-preview.ts";
import { type CliContext, operationContext } from "./context";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";

/**
 * `site-admin <kind> schedule|unschedule|preview` and `news feature|unfeature`
 * (docs/decisions/042-preview-and-scheduled-publishing.md): when a draft publishes on its
 * own, a link that shows it before then, and which news posts stay on top.
 */

export async function scheduleContentItem(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  options: { at: string },
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const result = await scheduleContent(operationContext(ctx), kind, id, options.at);
  if (!result.ok) return fail(ctx.out, result.message);
  const when = formatPublishTime(result.value.publishAt ?? "");
  printLine(
    ctx.out,
    `Scheduled ${spec.one} ${id} for ${when} (South African time); it shows on ${spec.page} then.`,
  );
  return exitCodes.ok;
}

export async function unscheduleContentItem(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const result = await unscheduleContent(operationContext(ctx), kind, id);
  if (!result.ok) return fail(ctx.out, result.message);
  printLine(
    ctx.out,
    result.value.changed
      ? `${spec.one} ${id} is no longer scheduled; it stays a draft.`
      : `${spec.one} ${id} was not scheduled.`,
  );
  return exitCodes.ok;
}

export async function featureContentItem(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  featured: boolean,
): Promise<ExitCode> {
  const spec = contentKindSpecs[kind];
  const result = await featureContent(operationContext(ctx), kind, id, featured);
  if (!result.ok) return fail(ctx.out, result.message);
  const state = featured ? "pinned above the others" : "in date order with the others";
  printLine(
    ctx.out,
    result.value.changed ? `${spec.one} ${id} is ${state} now.` : `${spec.one} ${id} is ${state} already.`,
  );
  return exitCodes.ok;
}

export async function previewContentItem(
  ctx: CliContext,
  kind: ContentKind,
  id: string,
  options: { hours?: string; json?: boolean },
): Promise<ExitCode> {
  const result = await createContentPreviewLink(operationContext(ctx), kind, id, options.hours);
  if (!result.ok) return fail(ctx.out, result.message);
  if (options.json) {
    printJson(ctx.out, result.value);
    return exitCodes.ok;
  }
  printLine(ctx.out, result.value.url);
  printLine(ctx.out, `Anyone with this link sees it until ${formatPublishTime(result.value.expiresAt)}.`);
  printLine(ctx.out, `Revoke it with: site-admin previews revoke ${result.value.id}`);
  return exitCodes.ok;
}

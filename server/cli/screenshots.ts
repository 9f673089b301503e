import type { ScreenshotRecord } from "#shared/staff-screenshot-record.ts";
import { servicePages } from "#shared/content-types.ts";
import { type CliContext, operationContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, type ExitCode } from "./output";
import { formatTable, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { defaultUploadLimits, type UploadLimits } from "#server/operations/images/images.ts";
import {
  uploadScreenshot,
  moveScreenshotTo,
  deleteScreenshot,
  loadScreenshotRecords,
} from "#server/operations/screenshots/screenshots.ts";
import { Option, type Command } from "commander";
import type { Run } from "./command-parts";

const listColumns: Column<ScreenshotRecord>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "PAGE", value: (r) => r.page },
  { header: "POSITION", value: (r) => r.position },
  { header: "SIZE", value: (r) => `${r.width}×${r.height}` },
  { header: "ADDED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "URL", value: (r) => r.imageUrl },
  { header: "ALT TEXT", value: (r) => r.altText },
];

export async function listScreenshots(
  { db, out }: CliContext,
  options: { json?: boolean } = {},
): Promise<ExitCode> {
  const records = await loadScreenshotRecords(db);
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(out, "No uploaded screenshots; the pages show their built-in images and placeholders.");
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  printLine(out, `${plural(records.length, "uploaded screenshot")}; built-in ones fill the other positions.`);
  return exitCodes.ok;
}

export async function addScreenshot(
  ctx: CliContext,
  file: string,
  options: { page: string; position: string; alt?: string },
  limits: UploadLimits = defaultUploadLimits,
): Promise<ExitCode> {
  const { out } = ctx;
  const added = await uploadScreenshot(operationContext(ctx), { image: { file }, ...options }, limits);
  if (!added.ok) return fail(out, added.message);
  const { record, files } = added.value;
  printLine(
    out,
    `Added screenshot ${record.id} at position ${record.position} on ${record.page}: ` +
      `${record.imageUrl} (${record.width}×${record.height}, ${plural(files, "file")}).`,
  );
  if (record.altText === null) printLine(out, "Tip: --alt TEXT describes the image for screen readers.");
  return exitCodes.ok;
}

export async function moveScreenshot(
  ctx: CliContext,
  idText: string,
  options: { position: string },
): Promise<ExitCode> {
  const { out } = ctx;
  const moved = await moveScreenshotTo(operationContext(ctx), idText, options.position);
  if (!moved.ok) return fail(out, moved.message);
  const { record, from } = moved.value;
  if (from === record.position) {
    printLine(out, `Screenshot ${record.id} is already at position ${record.position} on ${record.page}.`);
    return exitCodes.ok;
  }
  printLine(
    out,
    `Moved screenshot ${record.id} on ${record.page} from position ${from} to ${record.position}.`,
  );
  return exitCodes.ok;
}

export async function removeScreenshot(ctx: CliContext, idText: string): Promise<ExitCode> {
  const { out } = ctx;
  const removed = await deleteScreenshot(operationContext(ctx), idText);
  if (!removed.ok) return fail(out, removed.message);
  const { record, files } = removed.value;
  const said =
    files.kind === "none"
      ? "it had no uploaded files"
      : files.kind === "shared"
        ? "kept its files: another screenshot shows the same image"
        : `deleted ${plural(files.count, "file")}`;
  printLine(out, `Removed screenshot ${record.id} (position ${record.position} on ${record.page}); ${said}.`);
  return exitCodes.ok;
}

/** `screenshots list|add|move|remove`. */
export function addScreenshotCommands(program: Command, run: Run): void {
  const screenshots = program.command("screenshots").description("uploaded screenshots on the service pages");
  screenshots
    .command("list")
    .description("list uploaded screenshots by page and position")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listScreenshots(ctx, options)));
  screenshots
    .command("add")
    .description("upload a PNG, JPEG, WebP or AVIF image (at most 10 MB, 40 megapixels) to a free position")
    .argument("<file>", "the image file")
    .addOption(new Option("--page <page>", "service page").choices(servicePages).makeOptionMandatory())
    .requiredOption("--position <n>", "position on the page, from 1")
    .option("--alt <text>", "what the image shows, for screen readers")
    .action((file: string, options: { page: string; position: string; alt?: string }) =>
      run((ctx) => addScreenshot(ctx, file, options)),
    );
  screenshots
    .command("move")
    .description("move an uploaded screenshot to a free position on its page")
    .argument("<id>", "screenshot id")
    .requiredOption("--position <n>", "new position, from 1")
    .action((id: string, options: { position: string }) => run((ctx) => moveScreenshot(ctx, id, options)));
  screenshots
    .command("remove")
    .description("remove an uploaded screenshot and, unless another one shares them, its files")
    .argument("<id>", "screenshot id")
    .action((id: string) => run((ctx) => removeScreenshot(ctx, id)));
}

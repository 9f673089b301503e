import type { Command } from "commander";
import type { Run } from "./command-parts";
import { type CliContext, operationContext } from "./context";
import { cell, formatTable, type Column } from "./format";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";
import {
  changePageSnippet,
  listPageSnippetViews,
  type PageSnippetView,
} from "#server/operations/snippets/snippets.ts";
import { snippetTitle, snippetWarnings } from "#shared/snippet-pages.ts";

/** What search results and link cards show of a page, with what they will cut. */
function withWarnings(view: PageSnippetView, brandName: string) {
  const title = snippetTitle(view.title, brandName);
  return {
    ...view,
    documentTitle: title,
    warnings: snippetWarnings({ title, description: view.description }),
  };
}

type Row = ReturnType<typeof withWarnings>;

const columns: Column<Row>[] = [
  { header: "PAGE", value: (row) => row.page },
  { header: "PATH", value: (row) => row.path },
  {
    header: "DESCRIPTION",
    value: (row) => `${row.saved.description ? "saved" : "default"}, ${row.description.length} chars`,
  },
  { header: "IMAGE", value: (row) => row.image?.src ?? "default card" },
  { header: "WARNINGS", value: (row) => row.warnings.length || "" },
];

export async function listSnippets(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
  const rows = (await listPageSnippetViews(ctx.db)).map((view) =>
    withWarnings(view, ctx.config.settings.brandName),
  );
  if (options.json) {
    printJson(ctx.out, rows);
    return exitCodes.ok;
  }
  printLine(ctx.out, formatTable(columns, rows));
  for (const row of rows) {
    for (const warning of row.warnings) printLine(ctx.out, `${row.page}: ${warning}`);
  }
  return exitCodes.ok;
}

export async function setSnippet(
  ctx: CliContext,
  page: string,
  options: { description?: string; image?: string; defaultImage?: boolean },
): Promise<ExitCode> {
  if (options.description === undefined && options.image === undefined && !options.defaultImage) {
    return fail(ctx.out, "nothing to change: give --description, --image or --default-image");
  }
  const saved = await changePageSnippet(operationContext(ctx), page, {
    description: options.description,
    imageFile: options.image,
    clearImage: options.defaultImage,
  });
  if (!saved.ok) return fail(ctx.out, saved.message);
  const row = withWarnings(saved.value.snippet, ctx.config.settings.brandName);
  printLine(
    ctx.out,
    `Saved the search snippet of ${row.page} (${row.path}) as revision ${saved.value.revision}.`,
  );
  printLine(
    ctx.out,
    `Description: ${cell(row.description)}${row.saved.description ? "" : " (the page's own)"}`,
  );
  printLine(
    ctx.out,
    `Image: ${row.image ? `${row.image.src} (${row.image.width}×${row.image.height})` : "the page's own card"}`,
  );
  for (const warning of row.warnings) printLine(ctx.out, `Warning: ${warning}`);
  return exitCodes.ok;
}

/** `site-admin snippets list|set`: each page's meta description and social image. */
export function addSnippetCommands(program: Command, run: Run): void {
  const snippets = program
    .command("snippets")
    .description("each page's search snippet: the description and image search results and link cards show");
  snippets
    .command("list")
    .description("list every page's snippet, saved or its own, with what search results will cut")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listSnippets(ctx, options)));
  snippets
    .command("set")
    .description("change a page's description and/or social image; the rest stays as saved")
    .argument("<page>", "the page, as `snippets list` names it (home, about, website-design, ...)")
    .option(
      "--description <text>",
      'at most 300 characters; about 160 show in search results; "" is the page\'s own',
    )
    .option("--image <file>", "a PNG, JPEG, WebP or AVIF file, cropped to 1200×630 for link cards")
    .option("--default-image", "go back to the page's own card")
    .action((page: string, options: { description?: string; image?: string; defaultImage?: boolean }) =>
      run((ctx) => setSnippet(ctx, page, options)),
    );
}

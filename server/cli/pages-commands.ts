import type { Command } from "commander";
import type { Run } from "./command-parts";
import { copyPageNames } from "#shared/copy/copy-pages.ts";
import { previewLinkLimits } from "#server/auth/preview-links.ts";
import { listCopyPages, previewCopy, setCopy, showCopy } from "./pages";

const pageHelp = `the page: ${copyPageNames.join(", ")}`;

/** `site-admin pages list|show|set|preview` (also spelled `copy`): the words on the site's pages. */
export function addPagesCommands(program: Command, run: Run): void {
  const copy = program
    .command("pages")
    .alias("copy")
    .description("the words on the site's pages: headlines, cards, calls to action");
  copy
    .command("list")
    .description("list the pages and whether each shows the shipped copy")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listCopyPages(ctx, options)));
  copy
    .command("show")
    .description("show a page's copy; --json prints the document `pages set` takes back")
    .argument("<page>", pageHelp)
    .option("--json", "machine-readable output")
    .option("--draft", "the unpublished draft rather than what visitors see")
    .action((page: string, options: { json?: boolean; draft?: boolean }) =>
      run((ctx) => showCopy(ctx, page, options)),
    );
  copy
    .command("set")
    .description("replace a page's whole copy from a JSON file; nothing changes if any field is refused")
    .argument("<page>", pageHelp)
    .requiredOption("--from-file <file>", "the copy as `pages show PAGE --json` prints it")
    .option("--draft", "keep it as a draft, shown only through a preview link")
    .option("--note <text>", "why it changed, kept with the revision")
    .action((page: string, options: { fromFile: string; draft?: boolean; note?: string }) =>
      run((ctx) => setCopy(ctx, page, options)),
    );
  copy
    .command("preview")
    .description("make a link that shows the page's draft until it expires")
    .argument("<page>", pageHelp)
    .option(
      "--hours <n>",
      `how long the link works (default ${previewLinkLimits.defaultHours}, at most ${previewLinkLimits.maxHours})`,
    )
    .action((page: string, options: { hours?: string }) => run((ctx) => previewCopy(ctx, page, options)));
}

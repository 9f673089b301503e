import type { Command } from "commander";
import type { Run } from "./command-parts";
import { type CliContext, operationContext } from "./context";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";
import { formatTable, type Column } from "./format";
import {
  addCategory,
  listCategories,
  removeCategory,
  renameCategory,
} from "#server/operations/content/news-categories.ts";
import type { NewsCategorySummary } from "#shared/news-categories.ts";
import { paths } from "#shared/paths.ts";

/**
 * `site-admin content categories list|add|rename|remove`: the news categories editors
 * choose from (docs/decisions/043-news-form-and-categories.md), as in the workspace.
 */

const columns: Column<NewsCategorySummary>[] = [
  { header: "NAME", value: (category) => category.name },
  { header: "POSTS", value: (category) => category.posts },
  { header: "PAGE", value: (category) => paths.newsCategory(category.slug) },
];

async function listCommand(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
  const categories = await listCategories(ctx.db);
  if (options.json) printJson(ctx.out, categories);
  else if (categories.length === 0)
    printLine(ctx.out, "No news categories yet; add one with `content categories add`.");
  else printLine(ctx.out, formatTable(columns, categories));
  return exitCodes.ok;
}

async function addCommand(ctx: CliContext, name: string): Promise<ExitCode> {
  const added = await addCategory(operationContext(ctx), name);
  if (!added.ok) return fail(ctx.out, added.message);
  printLine(
    ctx.out,
    `Added the news category “${added.value.name}” (${paths.newsCategory(added.value.slug)}).`,
  );
  return exitCodes.ok;
}

async function renameCommand(ctx: CliContext, from: string, to: string): Promise<ExitCode> {
  const renamed = await renameCategory(operationContext(ctx), from, to);
  if (!renamed.ok) return fail(ctx.out, renamed.message);
  const { name, slug, posts, previousSlug } = renamed.value;
  const moved =
    slug === previousSlug
      ? ""
      : ` Its page is ${paths.newsCategory(slug)} now; ${paths.newsCategory(previousSlug)} redirects there.`;
  printLine(
    ctx.out,
    `Renamed the category to “${name}” in ${posts === 1 ? "1 news post" : `${posts} news posts`}.${moved}`,
  );
  return exitCodes.ok;
}

async function removeCommand(ctx: CliContext, name: string): Promise<ExitCode> {
  const removed = await removeCategory(operationContext(ctx), name);
  if (!removed.ok) return fail(ctx.out, removed.message);
  printLine(ctx.out, `Removed the news category “${removed.value.name}”.`);
  return exitCodes.ok;
}

export function addNewsCategoryCommands(program: Command, run: Run): void {
  const categories = program
    .command("content")
    .description("what the content kinds share")
    .command("categories")
    .description("the news categories editors choose a post's from");
  categories
    .command("list")
    .description("list the categories with their number of posts (drafts included)")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listCommand(ctx, options)));
  categories
    .command("add")
    .description("add a category (refused when one differs from it only in case)")
    .argument("<name>", 'its name, e.g. "Mobile Apps"')
    .action((name: string) => run((ctx) => addCommand(ctx, name)));
  categories
    .command("rename")
    .description("rename a category in every post; its old page address redirects to the new one")
    .argument("<name>", "the category's name now (any case)")
    .argument("<new-name>", "its new name")
    .action((from: string, to: string) => run((ctx) => renameCommand(ctx, from, to)));
  categories
    .command("remove")
    .description("remove a category no post is filed under")
    .argument("<name>", "the category's name (any case)")
    .action((name: string) => run((ctx) => removeCommand(ctx, name)));
}

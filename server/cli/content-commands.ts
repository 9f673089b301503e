import { Option, type Command } from "commander";
import type { AdminContext } from "./context";
import type { ExitCode } from "./output";
import {
  addContent,
  editContent,
  listContentItems,
  moveContentItem,
  removeContentItem,
  setContentItemStatus,
  showContentItem,
  type ContentOptions,
} from "./content";
import { contentKindSpecs, type ContentKindSpec, type FieldSpec } from "./content-fields";
import { contentKinds } from "#server/db/content-items.ts";

type Run = (command: (ctx: AdminContext) => Promise<ExitCode>) => Promise<void>;

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function fieldOption(field: FieldSpec, editing: boolean): Option {
  const placeholder =
    field.type === "image"
      ? "<file>"
      : field.type === "date"
        ? "<YYYY-MM-DD>"
        : field.type === "link"
          ? "<url>"
          : "<text>";
  const clear = editing && field.optional ? '; "" removes it' : "";
  const option = new Option(`--${field.flag} ${placeholder}`, `${field.help}${clear}`);
  return field.type === "list" ? option.argParser(collect) : option;
}

/** News only: the article's Markdown from a file; images it names beside it are uploaded with it. */
const bodyFileOption = () =>
  new Option(
    "--body-file <file>",
    "the article in Markdown; images it names (![what it shows](shot.png)) are read beside it and uploaded",
  );

function fromFileHelp(spec: ContentKindSpec): string {
  return `read fields from a .json file (the ${spec.one}'s fields by name) or a .md file (YAML front matter; the body is the ${spec.bodyKey}); flags win`;
}

/** `site-admin <kind> list|show|add|edit|move|publish|unpublish|remove` for each kind of content. */
export function addContentCommands(program: Command, run: Run): void {
  for (const kind of contentKinds) {
    const spec = contentKindSpecs[kind];
    const group = program.command(kind).description(`${spec.many} on ${spec.page}: drafts, order and images`);
    group
      .command("list")
      .description(`list every ${spec.one} in page order, drafts included`)
      .option("--drafts", "only drafts")
      .option("--json", "machine-readable output")
      .action((options: { json?: boolean; drafts?: boolean }) =>
        run((ctx) => listContentItems(ctx, kind, options)),
      );
    group
      .command("show")
      .description(`show one ${spec.one} in full`)
      .argument("<id>", `${spec.one} id`)
      .option("--json", "machine-readable output")
      .action((id: string, options: { json?: boolean }) =>
        run((ctx) => showContentItem(ctx, kind, id, options)),
      );

    const add = group
      .command("add")
      .description(
        `add a ${spec.one}; it shows at once unless --draft (images: PNG, JPEG, WebP or AVIF, at most 10 MB)`,
      )
      .option("--id <slug>", "lower-case id in URLs (default: from the title)")
      .option("--from-file <file>", fromFileHelp(spec))
      .option("--position <n>", `place in the list, from 1 (default: ${spec.addsAt})`)
      .option("--draft", "keep it hidden until you publish it");
    for (const field of spec.fields) add.addOption(fieldOption(field, false));
    if (kind === "news") add.addOption(bodyFileOption());
    add.action((options: ContentOptions) => run((ctx) => addContent(ctx, kind, options)));

    const edit = group
      .command("edit")
      .description(`change fields of a ${spec.one}; the ones you leave out stay (lists are replaced whole)`)
      .argument("<id>", `${spec.one} id`)
      .option("--from-file <file>", fromFileHelp(spec));
    for (const field of spec.fields) edit.addOption(fieldOption(field, true));
    if (kind === "news") edit.addOption(bodyFileOption());
    edit.action((id: string, options: ContentOptions) => run((ctx) => editContent(ctx, kind, id, options)));

    group
      .command("move")
      .description(`move a ${spec.one} to another place in the list`)
      .argument("<id>", `${spec.one} id`)
      .requiredOption("--position <n>", "new place, from 1")
      .action((id: string, options: { position: string }) =>
        run((ctx) => moveContentItem(ctx, kind, id, options)),
      );
    group
      .command("publish")
      .description(`show a draft ${spec.one} to visitors`)
      .argument("<id>", `${spec.one} id`)
      .action((id: string) => run((ctx) => setContentItemStatus(ctx, kind, id, "published")));
    group
      .command("unpublish")
      .description(`hide a ${spec.one} from visitors again (it becomes a draft)`)
      .argument("<id>", `${spec.one} id`)
      .action((id: string) => run((ctx) => setContentItemStatus(ctx, kind, id, "draft")));
    group
      .command("remove")
      .description(`delete a ${spec.one} and the uploaded images nothing else shows`)
      .argument("<id>", `${spec.one} id`)
      .action((id: string) => run((ctx) => removeContentItem(ctx, kind, id)));
  }
}

import { Option, type Command } from "commander";
import type { Run } from "./command-parts";
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
import {
  featureContentItem,
  previewContentItem,
  scheduleContentItem,
  unscheduleContentItem,
} from "./content-publishing";
import { PUBLISH_TIME_FORMAT } from "#shared/publish-time.ts";
import { previewLinkLimits } from "#server/auth/preview-links.ts";

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

    // News is in date order, newest first; `feature` pins a post on top instead.
    if (kind !== "news") {
      group
        .command("move")
        .description(`move a ${spec.one} to another place in the list`)
        .argument("<id>", `${spec.one} id`)
        .requiredOption("--position <n>", "new place, from 1")
        .action((id: string, options: { position: string }) =>
          run((ctx) => moveContentItem(ctx, kind, id, options)),
        );
    }
    addPublishingCommands(group, kind, run);
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

/** schedule, unschedule, preview (items with a page of their own), and news's feature and unfeature. */
function addPublishingCommands(group: Command, kind: (typeof contentKinds)[number], run: Run): void {
  const spec = contentKindSpecs[kind];
  group
    .command("schedule")
    .description(`publish a draft ${spec.one} on its own at a time in South African time`)
    .argument("<id>", `${spec.one} id`)
    .requiredOption("--at <time>", `when, as "${PUBLISH_TIME_FORMAT}" in South African time`)
    .action((id: string, options: { at: string }) =>
      run((ctx) => scheduleContentItem(ctx, kind, id, options)),
    );
  group
    .command("unschedule")
    .description(`keep a scheduled ${spec.one} a draft (publish it now with "${kind} publish")`)
    .argument("<id>", `${spec.one} id`)
    .action((id: string) => run((ctx) => unscheduleContentItem(ctx, kind, id)));
  if (kind === "projects") return;
  group
    .command("preview")
    .description(`print a link that shows a ${spec.one} at its address before it is published`)
    .argument("<id>", `${spec.one} id`)
    .option(
      "--hours <n>",
      `how long the link works, 1 to ${previewLinkLimits.maxHours} (default ${previewLinkLimits.defaultHours})`,
    )
    .option("--json", "machine-readable output")
    .action((id: string, options: { hours?: string; json?: boolean }) =>
      run((ctx) => previewContentItem(ctx, kind, id, options)),
    );
  if (kind !== "news") return;
  for (const [name, featured, help] of [
    ["feature", true, "pin a news post above the others, in date order among the pinned"],
    ["unfeature", false, "put a pinned news post back in date order"],
  ] as const) {
    group
      .command(name)
      .description(help)
      .argument("<id>", "news post id")
      .action((id: string) => run((ctx) => featureContentItem(ctx, kind, id, featured)));
  }
}

import type { Command } from "commander";
import type { Run } from "./command-parts";
import { loadSiteSettings, setSiteSetting } from "#server/operations/settings/site-settings.ts";
import { settingsFields, type EditableSettings } from "#shared/site-settings-fields.ts";
import { operationContext, type CliContext } from "./context";
import { formatTable } from "./format";
import { exitCodes, fail, printJson, printLine, type ExitCode } from "./output";

type Row = { key: string; value: string };

/** Every setting by its CLI name, with the dial form the phone number is called by. */
function rowsOf(settings: EditableSettings): Row[] {
  return settingsFields.flatMap((field) =>
    field.key === "phone"
      ? [
          { key: field.cliKey, value: settings.phone },
          { key: "phone-dial", value: `${settings.phoneDial} (from phone)` },
        ]
      : [{ key: field.cliKey, value: settings[field.key] }],
  );
}

export async function listSettingsCommand(ctx: CliContext, options: { json?: boolean }): Promise<ExitCode> {
  const settings = await loadSiteSettings(ctx);
  if (options.json) {
    printJson(ctx.out, settings);
    return exitCodes.ok;
  }
  printLine(
    ctx.out,
    formatTable(
      [
        { header: "KEY", value: (row: Row) => row.key },
        { header: "VALUE", value: (row: Row) => row.value },
      ],
      rowsOf(settings),
    ),
  );
  return exitCodes.ok;
}

export async function setSettingCommand(ctx: CliContext, key: string, value: string): Promise<ExitCode> {
  const saved = await setSiteSetting(operationContext(ctx), key, value);
  if (!saved.ok) return fail(ctx.out, saved.message);
  const { settings, changed } = saved.value;
  if (changed.length === 0) {
    printLine(ctx.out, `${key} is already ${valueShown(settings, key)}; nothing changed.`);
    return exitCodes.ok;
  }
  printLine(ctx.out, `Set ${key} to ${valueShown(settings, key)}; every page shows it within a second.`);
  return exitCodes.ok;
}

/** The value as saved, with the dial form beside a phone number. */
function valueShown(settings: EditableSettings, key: string): string {
  const field = settingsFields.find((candidate) => candidate.cliKey === key || candidate.key === key);
  if (!field) return "";
  const value = settings[field.key];
  return field.key === "phone" ? `${value} (dialled as ${settings.phoneDial})` : value;
}

export function addSettingsCommands(program: Command, run: Run): void {
  const settings = program
    .command("settings")
    .description("the site settings: brand name, contact details, map and LinkedIn links, agency inbox");
  settings
    .command("list")
    .description("show every setting")
    .option("--json", "machine-readable output")
    .action((options: { json?: boolean }) => run((ctx) => listSettingsCommand(ctx, options)));
  settings
    .command("set")
    .description(
      `change one setting; every page, e-mail and instance uses it within a second (keys: ${settingsFields
        .map((field) => field.cliKey)
        .join(", ")})`,
    )
    .argument("<key>", "the setting, e.g. phone")
    .argument("<value>", 'its new value, e.g. "+27 21 555 0199"')
    .action((key: string, value: string) => run((ctx) => setSettingCommand(ctx, key, value)));
}

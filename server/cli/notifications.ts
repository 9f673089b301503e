import { defaultOutboxWorkerOptions } from "#server/mail/outbox-worker.ts";
import { cliActor, type CliContext } from "./context";
import { exitCodes, fail, plural, printJson, printLine, usageError, type ExitCode } from "./output";
import { formatTable, type Column } from "./format";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import {
  loadNotifications,
  notificationStatuses,
  requeueNotifications,
} from "#server/operations/notifications/notifications.ts";
import type { NotificationItem } from "#shared/inbox.ts";
import { Option, type Command } from "commander";
import type { Run } from "./command-parts";

const ERROR_WIDTH = 60;

const listColumns: Column<NotificationItem>[] = [
  { header: "ID", value: (r) => r.id },
  { header: "STATUS", value: (r) => r.status },
  { header: "KIND", value: (r) => r.kind },
  { header: "ABOUT", value: (r) => r.about },
  { header: "CREATED", value: (r) => formatLocalDateTime(r.createdAt) },
  { header: "TRIES", value: (r) => r.attempts },
  { header: "NEXT TRY", value: (r) => (r.status === "pending" ? formatLocalDateTime(r.nextAttemptAt) : "") },
  {
    header: "LAST ERROR",
    value: (r) =>
      r.lastError && r.lastError.length > ERROR_WIDTH
        ? `${r.lastError.slice(0, ERROR_WIDTH - 1)}…`
        : r.lastError,
  },
];

export async function listNotifications(
  { db, out }: CliContext,
  options: { status?: string; json?: boolean },
): Promise<ExitCode> {
  const loaded = await loadNotifications(db, options.status);
  if (!loaded.ok) return fail(out, loaded.message);
  const { statuses, records } = loaded.value;
  if (options.json) {
    printJson(out, records);
    return exitCodes.ok;
  }
  if (records.length === 0) {
    printLine(out, `No ${statuses.join(" or ")} notifications.`);
    return exitCodes.ok;
  }
  printLine(out, formatTable(listColumns, records));
  printLine(out);
  printLine(out, plural(records.length, "notification"));
  return exitCodes.ok;
}

/**
 * Puts dead notifications back in the queue; the running server's mail worker sends
 * them on its next poll. Nothing already sent is queued again, and an unknown or sent
 * id changes nothing at all.
 */
export async function retryNotifications(
  { db, out, now }: CliContext,
  idTexts: readonly string[],
  options: { allDead?: boolean },
): Promise<ExitCode> {
  if (options.allDead && idTexts.length > 0)
    return usageError(out, "give notification ids or --all-dead, not both");
  if (!options.allDead && idTexts.length === 0) return usageError(out, "give notification ids or --all-dead");

  const result = await requeueNotifications(
    { db, actor: cliActor(), now },
    options.allDead ? undefined : idTexts,
  );
  if (!result.ok) return fail(out, result.message);
  const { requeued, pending } = result.value;
  if (pending.length > 0) printLine(out, `Already queued, left as they are: ${pending.join(", ")}.`);
  if (requeued.length === 0) {
    printLine(out, "No dead notifications to retry.");
    return exitCodes.ok;
  }
  printLine(
    out,
    `Queued ${plural(requeued.length, "notification")} again (${requeued.join(", ")}); ` +
      `the running server sends them within ${defaultOutboxWorkerOptions.idlePollMs / 1000} seconds.`,
  );
  return exitCodes.ok;
}

/** `notifications list|retry`. */
export function addNotificationCommands(program: Command, run: Run): void {
  const notifications = program
    .command("notifications")
    .description("notification e-mails waiting to be sent or given up on");
  notifications
    .command("list")
    .description("list pending and dead notifications, newest first")
    .addOption(
      new Option("--status <status>", "only notifications in this state").choices(notificationStatuses),
    )
    .option("--json", "machine-readable output (ISO timestamps)")
    .action((options: { status?: string; json?: boolean }) => run((ctx) => listNotifications(ctx, options)));
  notifications
    .command("retry")
    .description("queue dead notifications again; the running server sends them (sent ones never again)")
    .argument("[id...]", "notification ids")
    .option("--all-dead", "every dead notification")
    .action((ids: string[], options: { allDead?: boolean }) =>
      run((ctx) => retryNotifications(ctx, ids, options)),
    );
}

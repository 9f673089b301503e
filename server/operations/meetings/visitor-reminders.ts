import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { claimDueReminders } from "#server/db/appointment-manage.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import { createLeasedJob } from "#server/jobs/leased-job.ts";
import type { Logger } from "#server/platform/logger.ts";
import { APPOINTMENT_REMINDER, type AppointmentReminder } from "#server/mail/appointment-reminder-message.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { greetingNameOf } from "#server/mail/visitor-layout.ts";
import { serviceTypeOptions } from "#shared/forms/appointment.ts";
import { answerLabel } from "#shared/forms/rules.ts";
import { formatAppointmentTime } from "./appointment-times";
import { issueManageLink } from "./manage-links";
import { meetingPlaceOf } from "./meeting-place";

/**
 * The visitor's reminder, about 24 hours before a confirmed meeting
 * (docs/decisions/062-visitor-manages-booking.md). A leased job (decision 056) looks every
 * few minutes; each meeting is claimed in the database for its start before its e-mail is
 * queued, in one transaction, so of several instances (or a run repeated) one sends it,
 * once. A cancelled meeting is never claimed; a moved one is claimed again for its new start.
 */

export const APPOINTMENT_REMINDER_LEASE = "appointment-reminder";

/** How often the job looks: a reminder goes out at most this long after the 24 hours begin. */
export const REMINDER_CHECK_MS = 10 * 60_000;
/** A meeting starting within this is reminded. */
export const REMINDER_AHEAD_MS = 24 * 3_600_000;
/** Nor closer than this: a reminder an hour before is noise, not help. */
export const REMINDER_AT_LEAST_MS = 3_600_000;

type ReminderContext = { db: Db; config: Pick<AppConfig, "settings" | "mail"> };

/** Claims the meetings due a reminder and queues one e-mail each; answers how many. */
export async function queueAppointmentReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const range = {
    from: new Date(now.getTime() + REMINDER_AT_LEAST_MS).toISOString(),
    until: new Date(now.getTime() + REMINDER_AHEAD_MS).toISOString(),
  };
  // The default place read before the transaction, so its write lock is not held for it.
  const defaultPlace = await meetingPlaceOf(ctx, { meeting_place: null });
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await claimDueReminders(trx, range);
    for (const row of claimed) {
      const place = row.meeting_place ? await meetingPlaceOf({ ...ctx, db: trx }, row) : defaultPlace;
      const payload: AppointmentReminder = {
        messageId: newMessageId(ctx.config.settings.siteUrl),
        appointmentId: row.id,
        email: row.email,
        greetingName: greetingNameOf(row.name),
        service: answerLabel(serviceTypeOptions, row.service_type) ?? row.service_type,
        when: formatAppointmentTime(row.scheduled_start ?? "", row.scheduled_minutes ?? 0),
        place: place.label,
        manageToken: await issueManageLink(trx, row.id, now),
      };
      await enqueueOutboxMessage(trx, { kind: APPOINTMENT_REMINDER, payload, now });
    }
    return claimed.length;
  });
}

export type AppointmentReminders = {
  start(): void;
  /** One look now, if this instance holds (or takes) the lease; answers the reminders queued. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

export function createAppointmentReminders(deps: {
  db: Db;
  config: Pick<AppConfig, "settings" | "mail">;
  logger: Logger;
  onQueued?: () => void;
  now: () => Date;
  identity?: LeaseOwner;
}): AppointmentReminders {
  const { db, config, logger } = deps;
  const job = createLeasedJob({
    db,
    name: APPOINTMENT_REMINDER_LEASE,
    everyMs: REMINDER_CHECK_MS,
    logger,
    failure: "appointment reminder check failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const queued = await queueAppointmentReminders({ db, config }, at);
      if (queued > 0) {
        logger.info({ reminders: queued }, "appointment reminders queued");
        deps.onQueued?.();
      }
      return queued;
    },
  });
  return { start: job.start, runOnce: async () => (await job.runOnce()) ?? 0, stop: job.stop };
}

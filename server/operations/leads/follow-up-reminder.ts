import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import { deleteExpiredAcknowledgmentLimits } from "#server/db/acknowledgment-limits.ts";
import {
  claimLeadsToRemind,
  listOverdueLeads,
  type LeadTable,
  type OpenLead,
} from "#server/db/lead-follow-up.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Logger } from "#server/platform/logger.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import type { LeaseOwner } from "#server/mail/outbox-lease.ts";
import { createLeasedJob } from "#server/jobs/leased-job.ts";
import { FOLLOW_UP_REMINDER, type FollowUpReminder } from "#server/mail/reminder-message.ts";
import { formatLocalDateTime } from "#server/operations/agency-time.ts";
import { leadId } from "./lead-records";
import { selectStaffNames, type StaffName } from "#server/db/lead-owners.ts";

/**
 * The 24-hour promise, kept: every lead and appointment request still "new" some hours
 * after it arrived (FOLLOW_UP_REMINDER_HOURS, 20) goes into one reminder e-mail to the
 * agency, once. Every instance runs the check on a timer; a lease in the database lets
 * one of them at a time do it, and the claim (reminded_at, set in the transaction that
 * queues the e-mail) makes each lead's reminder happen once even if two ever overlap
 * (docs/decisions/020-lead-follow-up.md).
 */

const PROMISE_MS = 24 * 60 * 60_000;
export const FOLLOW_UP_LEASE = "follow-up-reminder";

const leadKinds: Record<LeadTable, { what: string; id(row: number): string; command(id: string): string }> = {
  website_design_leads: {
    what: "Website-design lead",
    id: (row) => leadId("website-design", row),
    command: (id) => `site-admin leads status ${id} contacted`,
  },
  web_app_leads: {
    what: "Web-app lead",
    id: (row) => leadId("web-app", row),
    command: (id) => `site-admin leads status ${id} contacted`,
  },
  appointment_requests: {
    what: "Appointment request",
    id: (row) => String(row),
    command: (id) => `site-admin appointments status ${id} contacted`,
  },
};

/** A lead as the reminder and `leads overdue` show it; `owner` is who answers it, null: nobody yet. */
export function describeOpenLead(lead: OpenLead, staff: Map<number, StaffName>) {
  const kind = leadKinds[lead.table];
  const id = kind.id(lead.id);
  const owner = lead.ownerId === null ? undefined : staff.get(lead.ownerId);
  return {
    id,
    what: kind.what,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    received: formatLocalDateTime(lead.createdAt),
    answerBy: formatLocalDateTime(new Date(Date.parse(lead.createdAt) + PROMISE_MS).toISOString()),
    command: kind.command(id),
    owner: owner ? `${owner.email}${owner.disabled ? " (disabled)" : ""}` : null,
  };
}

function omitCommand<Lead extends { command: string }>(lead: Lead): Omit<Lead, "command"> {
  const shown: Omit<Lead, "command"> & { command?: string } = { ...lead };
  delete shown.command;
  return shown;
}

/**
 * Whose inbox a lead's reminder goes to: its owner's, while their account is active; the
 * agency's (null) when nobody, or a disabled account, has it.
 */
function recipientOf(lead: OpenLead, staff: Map<number, StaffName>): string | null {
  const owner = lead.ownerId === null ? undefined : staff.get(lead.ownerId);
  return owner && !owner.disabled ? owner.email : null;
}

/** The instant before which a lead still new is overdue. */
export function overdueCutoff(config: Pick<AppConfig, "followUp">, now: Date): string {
  return new Date(now.getTime() - config.followUp.reminderAfterMs).toISOString();
}

/**
 * Claims the overdue leads nobody was reminded of and queues one reminder naming them,
 * in one transaction; answers how many it named (0: nothing queued).
 */
export async function queueFollowUpReminder(
  db: Db,
  config: Pick<AppConfig, "followUp" | "settings">,
  now: Date,
): Promise<number> {
  const cutoff = overdueCutoff(config, now);
  return db.transaction().execute(async (trx) => {
    const claimed = await claimLeadsToRemind(trx, cutoff, now.toISOString());
    if (claimed.length === 0) return 0;
    const stillNew = await listOverdueLeads(trx, cutoff);
    const staff = await selectStaffNames(trx);
    // One reminder per owner, and one to the agency for the leads nobody (active) has.
    const recipients = new Map<string | null, OpenLead[]>();
    for (const lead of claimed) {
      const to = recipientOf(lead, staff);
      recipients.set(to, [...(recipients.get(to) ?? []), lead]);
    }
    for (const [to, leads] of recipients) {
      const theirs = stillNew.filter((lead) => recipientOf(lead, staff) === to);
      const payload: FollowUpReminder = {
        messageId: newMessageId(config.settings.siteUrl),
        thresholdHours: config.followUp.reminderAfterMs / 3_600_000,
        // The command is for `leads overdue` in a shell; the e-mail links to the workspace instead.
        leads: leads.map((lead) => omitCommand(describeOpenLead(lead, staff))),
        remindedEarlier: Math.max(0, theirs.length - leads.length),
        ...(to === null ? {} : { to }),
      };
      await enqueueOutboxMessage(trx, { kind: FOLLOW_UP_REMINDER, payload, now });
    }
    return claimed.length;
  });
}

export type FollowUpScheduler = {
  /** Checks at once, then every FOLLOW_UP_CHECK_MINUTES. */
  start(): void;
  /** One check, if this instance holds (or takes) the lease; answers the leads it named. */
  runOnce(): Promise<number>;
  /** Stops the timer, waits for a check in flight and gives the lease up. */
  stop(): Promise<void>;
};

export function createFollowUpScheduler(deps: {
  db: Db;
  config: Pick<AppConfig, "followUp" | "settings">;
  logger: Logger;
  /** Called after a reminder was queued (wakes the outbox worker). */
  onQueued?: () => void;
  now: () => Date;
  identity?: LeaseOwner;
}): FollowUpScheduler {
  const { db, config, logger } = deps;
  const job = createLeasedJob({
    db,
    name: FOLLOW_UP_LEASE,
    everyMs: config.followUp.checkEveryMs,
    logger,
    failure: "follow-up check failed",
    now: deps.now,
    identity: deps.identity,
    async work(at) {
      const named = await queueFollowUpReminder(db, config, at);
      await deleteExpiredAcknowledgmentLimits(db, at);
      if (named > 0) {
        logger.info({ leads: named }, "follow-up reminder queued");
        deps.onQueued?.();
      }
      return named;
    },
  });
  return { start: job.start, runOnce: async () => (await job.runOnce()) ?? 0, stop: job.stop };
}

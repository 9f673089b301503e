import type { AppConfig } from "#server/platform/config.ts";
import type { PageCopySource } from "#server/content/page-copy-source.ts";
import type { Db } from "#server/db/database.ts";
import { findFirstSubmission, insertSubmissionOnce } from "#server/db/leads.ts";
import type { LeadTable } from "#server/db/lead-follow-up.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import type { Logger } from "#server/platform/logger.ts";
import { claimAcknowledgment } from "#server/db/acknowledgment-limits.ts";
import type { StoredCalendar } from "#server/mail/meeting-invite.ts";
import type { LabelledValue } from "#server/mail/layout.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import type { AgencyNotification, AgencyNotificationKind } from "#server/mail/agency-notification-message.ts";
import { ACKNOWLEDGMENT, type Acknowledgment } from "#server/mail/acknowledgment-message.ts";
import { greetingNameOf } from "#server/mail/visitor-layout.ts";
import { readAcknowledgmentCopy, type AcknowledgmentCopy } from "./acknowledgment-copy";
import { issueManageLink } from "#server/operations/meetings/manage-links.ts";
import { meetingPlaceOf } from "#server/operations/meetings/meeting-place.ts";
import type { MeetingPlace } from "#shared/meeting-place.ts";
import type { ClientAddressKey } from "./client-address-key";
import { submissionKeys } from "./form-guard";
import { agencyNotification, type LeadNotice } from "./lead-records";
import type { Arrival } from "./submission";
import type { SourceColumns, SourceRequest } from "./visit-source";

/**
 * Who sent a submission, as far as the server can tell: the acknowledgment's IP limit
 * counts by the IP; the Referer and Host say which of the site's pages sent it, where the
 * form did not (docs/decisions/045-lead-attribution.md).
 */
export type Visitor = { ip?: string; userAgent?: string } & SourceRequest;

/**
 * A new enquiry from an address that sent one this long ago or less is a repeat of it
 * (docs/decisions/067-one-lead-per-form.md).
 */
export const REPEAT_WINDOW_MS = 24 * 60 * 60_000;

/** How one form's row is stored and told about. */
export type FormHandling<Row extends object> = {
  kind: AgencyNotificationKind;
  notice(row: Row & SourceColumns & { id: number }): LeadNotice;
  /** The options picked, which the acknowledgment repeats. */
  choices(row: Row): LabelledValue[];
  /** The table its rows are stored in. */
  table: LeadTable;
  /** Appointment requests: the acknowledgment carries the place and the visitor's private link. */
  manageable?: boolean;
  /** The agency's tentative calendar entry (appointment requests). */
  calendar?(row: Row & SourceColumns & { id: number }, stamp: string): StoredCalendar | undefined;
};

/** What storing a submission needs of the lead service. */
export type StoreDeps = {
  db: Db;
  config: Pick<AppConfig, "forms" | "settings" | "followUp" | "mail">;
  logger: Logger;
  clientAddressKey: ClientAddressKey;
  visitCounted?: (visitor: { ip: string; userAgent: string }, at: Date) => Promise<boolean>;
  pageCopy: PageCopySource;
  onQueued: () => void;
};

/**
 * Queues the visitor's acknowledgment if the limits allow it (one per address a day,
 * a few per IP a day), in the submission's transaction; answers what staff are told.
 */
async function acknowledge<Row extends object>(
  deps: StoreDeps,
  trx: Db,
  form: FormHandling<Row>,
  row: Row,
  notice: LeadNotice,
  at: Date,
  visitor: Visitor,
  copy: AcknowledgmentCopy,
  booking: { id: number; place: MeetingPlace } | undefined,
): Promise<AgencyNotification["acknowledgment"]> {
  const { config } = deps;
  const verdict = await claimAcknowledgment(trx, {
    email: notice.visitorEmail,
    clientKey: visitor.ip === undefined ? undefined : deps.clientAddressKey(visitor.ip),
    perIpPerDay: config.followUp.acknowledgmentsPerIpPerDay,
    now: at,
  });
  if (verdict !== "allowed") return verdict;
  const payload: Acknowledgment = {
    messageId: newMessageId(config.settings.siteUrl),
    form: form.kind,
    email: notice.visitorEmail,
    greetingName: greetingNameOf(notice.visitorName),
    choices: form.choices(row),
    ...copy,
    ...(booking
      ? {
          place: booking.place.label,
          placeKind: booking.place.kind,
          manageToken: await issueManageLink(trx, booking.id, at),
        }
      : {}),
  };
  await enqueueOutboxMessage(trx, { kind: ACKNOWLEDGMENT, payload, now: at });
  return "sent";
}

/** 1 or 0 as the count answers; null when it cannot be asked. A failure to ask never loses the lead. */
async function visitCountedOf(deps: StoreDeps, visitor: Visitor, at: Date): Promise<number | null> {
  const { logger } = deps;
  if (!deps.visitCounted || visitor.ip === undefined) return null;
  try {
    return (await deps.visitCounted({ ip: visitor.ip, userAgent: visitor.userAgent ?? "" }, at)) ? 1 : 0;
  } catch (error) {
    logger.warn({ err: error }, "could not tell whether a lead's visit was counted");
    return null;
  }
}

/**
 * The row, the agency's e-mail about it and the visitor's acknowledgment commit
 * together, or none does. A suspected submission is stored without either e-mail;
 * releasing it queues the agency's (never the acknowledgment: that is for at once).
 */
export async function storeSubmission<Row extends object>(
  deps: StoreDeps,
  form: FormHandling<Row>,
  row: Row,
  { at, suspected, source, startField }: Arrival,
  visitor: Visitor,
  /** Also done in the transaction for a row not held as suspected (an appointment's hold). */
  alsoDo?: (trx: Db, id: number) => Promise<void>,
): Promise<number | undefined> {
  const { db, config, logger, pageCopy, onQueued } = deps;
  const createdAt = at.toISOString();
  const acknowledging = config.followUp.acknowledge && !suspected;
  // Read before the transaction, so the write lock is not held for it; the message keeps
  // the words as they are now, and a later edit leaves a queued one as it is.
  const copy = acknowledging ? await readAcknowledgmentCopy(pageCopy, form.kind) : {};
  const visitCounted = await visitCountedOf(deps, visitor, at);
  const place =
    acknowledging && form.manageable
      ? await meetingPlaceOf({ db, config }, { meeting_place: null })
      : undefined;
  const { formToken, submissionKey } = submissionKeys(startField, row);
  const stored = await db.transaction().execute(async (trx) => {
    // A held submission stands alone: linking a genuine one to it would hide that one.
    const repeatOf = suspected
      ? undefined
      : await findFirstSubmission(trx, form.table, {
          formToken,
          email: form.notice({ ...row, ...source, id: 0 }).visitorEmail,
          since: new Date(at.getTime() - REPEAT_WINDOW_MS).toISOString(),
        });
    const id = await insertSubmissionOnce(trx, form.table, {
      ...row,
      ...source,
      created_at: createdAt,
      suspected_spam: suspected,
      visit_counted: visitCounted,
      form_token: formToken,
      submission_key: submissionKey,
      repeat_of: repeatOf ?? null,
      // Row is the form's own columns, which the generic store cannot name by table.
    } as Parameters<typeof insertSubmissionOnce>[2]);
    // The same answers from the same form again: already stored, and already told about.
    if (id === undefined) {
      logger.info({ form: form.kind }, "submission sent again from the same form: kept once");
      return undefined;
    }
    if (suspected) return { id, queued: false };
    await alsoDo?.(trx, id);
    const stored = { ...row, ...source, id };
    const notice = form.notice(stored);
    const acknowledgment = acknowledging
      ? await acknowledge(deps, trx, form, row, notice, at, visitor, copy, place && { id, place })
      : undefined;
    const calendar = form.calendar?.(stored, createdAt);
    const payload = agencyNotification(notice, createdAt, config.settings.siteUrl, {
      acknowledgment,
      calendar,
    });
    await enqueueOutboxMessage(trx, { kind: form.kind, payload, now: at });
    return { id, queued: true };
  });
  if (stored?.queued) onQueued();
  return stored?.id;
}

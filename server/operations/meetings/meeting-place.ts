import type { OperationContext } from "#server/operations/context.ts";
import type { Db } from "#server/db/database.ts";
import { setMeetingPlace } from "#server/db/appointment-manage.ts";
import { findAppointmentRequest } from "#server/db/leads.ts";
import { recordStatusChange } from "#server/db/lead-follow-up.ts";
import { recordAudit } from "#server/db/audit-log.ts";
import { currentSettingsOf, editableSettingsOf, readSiteSettings } from "#server/db/site-settings.ts";
import type { AppConfig } from "#server/platform/config.ts";
import type { AppointmentRequestRow } from "#server/db/schema.ts";
import type { Actor } from "#server/operations/context.ts";
import { parseId } from "#server/operations/input.ts";
import { notFound, refuse, succeeded, type Outcome } from "#shared/outcome.ts";
import {
  checkMeetingPlace,
  DEFAULT_PLACE,
  describeMeetingPlace,
  type MeetingPlace,
} from "#shared/meeting-place.ts";
import { appointmentInboxId } from "./appointment-records";

/**
 * Where a meeting is: its own place if staff set one, else the site's default (the
 * `meeting-place` setting), as the invitation's LOCATION, the e-mails and the visitor's
 * page give it (docs/decisions/062-visitor-manages-booking.md).
 */

type PlaceContext = { db: Db; config: Pick<AppConfig, "settings" | "mail"> };

/** The place of one request (the settings read now, for the default and the studio's address). */
export async function meetingPlaceOf(
  ctx: PlaceContext,
  row: Pick<AppointmentRequestRow, "meeting_place">,
): Promise<MeetingPlace> {
  const document = await readSiteSettings(
    ctx.db,
    editableSettingsOf(ctx.config.settings, ctx.config.mail.to),
  );
  const { site } = currentSettingsOf(document, ctx.config.settings);
  return describeMeetingPlace(row.meeting_place ?? document.meetingPlace, site.address);
}

export type PlaceChange = { id: number; place: MeetingPlace; own: boolean };

/**
 * `appointments place ID VALUE` and the workspace's Meeting form: "studio", an https link,
 * or "default" (the site's place). The history and the audit log say so; the next e-mail
 * about the meeting (and its reminder) carry the new place.
 */
export async function setAppointmentPlace(
  ctx: PlaceContext & Pick<OperationContext, "now">,
  idText: string,
  value: string,
  who: { by: string; actor?: Actor },
): Promise<Outcome<PlaceChange>> {
  const now = ctx.now();
  const id = parseId(idText, "appointment");
  if (!id.ok) return refuse(id.message);
  const own = value.trim().toLowerCase() !== DEFAULT_PLACE;
  const checked = own ? checkMeetingPlace(value) : { ok: true as const, value: null };
  if (!checked.ok) {
    return refuse(`${checked.message} Or “${DEFAULT_PLACE}” for the site's own place.`, {
      place: checked.message,
    });
  }
  const row = await findAppointmentRequest(ctx.db, id.value);
  if (!row) return notFound(`unknown appointment id ${id.value}`);
  const place = await meetingPlaceOf(ctx, { meeting_place: checked.value });
  const stamp = now.toISOString();
  await ctx.db.transaction().execute(async (trx: Db) => {
    await setMeetingPlace(trx, row.id, checked.value);
    const note = `meeting place set to ${own ? place.label : `the site's default (${place.label})`}`;
    await recordStatusChange(trx, "appointment_requests", row.id, {
      status: row.status,
      note,
      by: who.by,
      at: stamp,
    });
    if (who.actor) {
      await recordAudit(
        trx,
        {
          ...who.actor,
          action: "appointment.place",
          target: appointmentInboxId(row.id),
          detail: { place: checked.value },
        },
        now,
      );
    }
  });
  return succeeded({ id: row.id, place, own });
}

import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import {
  cancelAppointmentRequest,
  confirmAppointmentRequest,
  rescheduleAppointmentRequest,
  type ScheduledAppointment,
} from "#server/operations/meetings/appointment-schedule.ts";
import { listMeetings, planMeeting } from "#server/operations/meetings/meetings.ts";
import { parseSince } from "#server/operations/input.ts";
import { invalidInboxId, parseInboxId } from "#server/operations/leads/inbox.ts";
import { asSentence, type Outcome } from "#shared/outcome.ts";
import { checkPolicy } from "#server/auth/policy.ts";
import { answerInvalidBody, answerRefusal } from "./answers";
import type { WorkspaceDeps } from "./deps";
import { actorOf, requireStaff, signedIn } from "./guard";

/**
 * The workspace's meetings: confirm, move and cancel an appointment request's meeting
 * through the CLI's own operations (the same calendar e-mails, SEQUENCE and history),
 * audited with who and from where, and the list of meetings agreed.
 */

/** The operation's fields as the Meeting form names them: the start is typed as a time on a date. */
const formFieldOf: Record<string, string> = { at: "time", duration: "minutes" };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z
  .string({ error: "Choose a date." })
  // An emptied picker: the first problem per field is the one said.
  .min(1, { error: "Choose a date." })
  .regex(dayPattern, { error: "Give the date as YYYY-MM-DD." })
  .refine((text) => parseSince(text).ok, { error: "That date does not exist: choose another." });
const timeField = z
  .string({ error: "Choose a time." })
  .min(1, { error: "Choose a time." })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: "Give the time as HH:MM on the 24-hour clock." });
const minutesField = z
  .number({ error: "Choose a length." })
  .int({ error: "Choose a length from the list." })
  .min(5, { error: "Choose a length from the list." })
  .max(480, { error: "Choose a length from the list." });

/** The date and time as the form's inputs give them (Cape Town time), and the length in minutes. */
const meetingBody = z.object({
  date: dateField,
  time: timeField,
  minutes: minutesField,
  // An admin putting it over another meeting says why (the operation checks who may).
  override: z.string({ error: "Say why, in words." }).max(2000).optional(),
});
const listQuery = z.object({
  from: z.string().regex(dayPattern, { error: "Give the day to list from as YYYY-MM-DD." }).optional(),
  owner: z.literal("mine", { error: "Owner can only be mine: the meetings you take." }).optional(),
});

export function meetingRoutes(deps: WorkspaceDeps): Router {
  const { db, config } = deps;
  const { now } = deps;
  const router = express.Router();
  router.use(["/meetings", "/inbox/:id/meeting"], requireStaff("leads"));

  /** The appointment request's bare id from an inbox id ("ap-3"), or an answer already sent. */
  function appointmentOf(req: Request, res: Response): number | undefined {
    const text = String(req.params.id);
    const ref = parseInboxId(text);
    if (!ref) return void res.status(400).json({ error: asSentence(invalidInboxId(text)) });
    if (ref.form !== "appointment") {
      return void res
        .status(404)
        .json({ error: `Only appointment requests have a meeting: ${text} is a lead.` });
    }
    return ref.rowId;
  }

  /** Who the history and the audit log name. */
  const whoOf = (req: Request, res: Response) => ({ by: signedIn(res).email, actor: actorOf(req, res) });

  function answerChange(res: Response, done: Outcome<ScheduledAppointment>): void {
    if (!done.ok) return answerRefusal(res, done, formFieldOf);
    deps.onQueued();
    res.json(done.value);
  }

  router.get("/meetings", async (req, res) => {
    const query = listQuery.safeParse(req.query);
    if (!query.success) return answerInvalidBody(res, query.error);
    const takerId = query.data.owner === "mine" ? signedIn(res).userId : undefined;
    const listed = await listMeetings(db, query.data.from, now(), takerId);
    if (!listed.ok) return answerRefusal(res, listed, formFieldOf);
    res.json(listed.value);
  });

  router.get("/inbox/:id/meeting", async (req, res) => {
    const id = appointmentOf(req, res);
    if (id === undefined) return;
    const mayOverride = checkPolicy("appointment.override", actorOf(req, res), now()) === undefined;
    const plan = await planMeeting({ db, config }, id, now(), mayOverride);
    if (!plan.ok) return answerRefusal(res, plan, formFieldOf);
    res.json(plan.value);
  });

  /** Confirm and reschedule: the same body, the time typed as the CLI's `--at` and `--duration`. */
  function scheduleRoute(path: string, change: typeof rescheduleAppointmentRequest): void {
    router.post(path, async (req, res) => {
      const id = appointmentOf(req, res);
      if (id === undefined) return;
      const body = meetingBody.safeParse(req.body ?? {});
      if (!body.success) return answerInvalidBody(res, body.error);
      const { date, time, minutes, override } = body.data;
      const who = whoOf(req, res);
      const options = {
        at: `${date} ${time}`,
        duration: `${minutes}m`,
        ...who,
        ...(override === undefined ? {} : { override: { reason: override, actor: who.actor } }),
      };
      answerChange(res, await change({ db, config, now }, String(id), options));
    });
  }

  scheduleRoute("/inbox/:id/meeting", confirmAppointmentRequest);
  scheduleRoute("/inbox/:id/meeting/reschedule", rescheduleAppointmentRequest);

  router.post("/inbox/:id/meeting/cancel", async (req, res) => {
    const id = appointmentOf(req, res);
    if (id === undefined) return;
    answerChange(res, await cancelAppointmentRequest({ db, config, now }, String(id), whoOf(req, res)));
  });

  return router;
}

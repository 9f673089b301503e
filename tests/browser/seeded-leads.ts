import type { Insertable } from "kysely";
import type { Db } from "#server/db/database.ts";
import { insertAppointmentRequest, insertWebAppLead, insertWebsiteDesignLead } from "#server/db/leads.ts";
import type { AppointmentRequestTable, WebAppLeadTable, WebsiteDesignLeadTable } from "#server/db/schema.ts";

/**
 * Leads, appointment requests and dead notifications the workspace's browser specs put
 * straight into the suite's shared database: each spec names what its tests look for
 * (names, addresses, when it arrived) and the rest is the same plain enquiry each time.
 */

/** An ISO time this many minutes ago, so a spec's rows arrive in the order it reads them. */
export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

type Named<Table, Keys extends keyof Insertable<Table>> = Pick<Insertable<Table>, Keys> &
  Partial<Omit<Insertable<Table>, "read">>;

export const seedWebsiteDesignLead = (
  db: Db,
  lead: Named<WebsiteDesignLeadTable, "full_name" | "company_name" | "business_email" | "created_at">,
): Promise<number> =>
  insertWebsiteDesignLead(db, {
    website_type: "redesign",
    budget: "30k-60k",
    timeline: "1-2-months",
    ...lead,
  });

export const seedWebAppLead = (
  db: Db,
  lead: Named<WebAppLeadTable, "full_name" | "work_email" | "phone_number" | "company_name" | "created_at">,
): Promise<number> => insertWebAppLead(db, { industry: "Logistics", company_size: "51-200", ...lead });

export const seedAppointmentRequest = (
  db: Db,
  request: Named<AppointmentRequestTable, "name" | "email" | "phone" | "project_details" | "created_at">,
): Promise<number> =>
  insertAppointmentRequest(db, {
    company: null,
    service_type: "web-development",
    preferred_date: "2026-12-03",
    preferred_time: "10:00 AM",
    ...request,
  });

type Fields<Seed extends (db: Db, row: never) => unknown> = Omit<Parameters<Seed>[1], "created_at">;

/**
 * One row of each form, arriving in that order 30, 20 and 10 minutes ago; answers their
 * inbox ids ("wd-12", "wa-3", "ap-7") and the rows for removeSeededRows.
 */
export async function seedOneOfEachForm(
  db: Db,
  fields: {
    design: Fields<typeof seedWebsiteDesignLead>;
    app: Fields<typeof seedWebAppLead>;
    request: Fields<typeof seedAppointmentRequest>;
  },
): Promise<{ design: string; app: string; request: string; rows: SeededRows }> {
  const design = await seedWebsiteDesignLead(db, { ...fields.design, created_at: minutesAgo(30) });
  const app = await seedWebAppLead(db, { ...fields.app, created_at: minutesAgo(20) });
  const request = await seedAppointmentRequest(db, { ...fields.request, created_at: minutesAgo(10) });
  return {
    design: `wd-${design}`,
    app: `wa-${app}`,
    request: `ap-${request}`,
    rows: { design: [design], app: [app], requests: [request], notifications: [] },
  };
}

/** A lead's notification the mail server kept refusing, for the notifications page to list; returns its id. */
export async function seedDeadNotification(
  db: Db,
  notification: {
    kind: string;
    visitorName: string;
    visitorEmail: string;
    createdAt: string;
    lastError: string;
  },
): Promise<number> {
  const { kind, visitorName, visitorEmail, createdAt, lastError } = notification;
  const diedAt = minutesAgo(5);
  const row = await db
    .insertInto("outbox")
    .values({
      kind,
      payload: JSON.stringify({ visitorName, visitorEmail }),
      status: "dead",
      attempts: 5,
      next_attempt_at: diedAt,
      created_at: createdAt,
      last_error: lastError,
      dead_at: diedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SeededRows = { design: number[]; app: number[]; requests: number[]; notifications: number[] };

/**
 * Takes a spec's rows out of the shared database again, with the status changes and audit
 * entries made on them: the ids are given again to the next run's rows, which arrive
 * "minutes ago" too, and other files' lists stay theirs.
 */
export async function removeSeededRows(db: Db, rows: SeededRows): Promise<void> {
  const { design, app, requests, notifications } = rows;
  if (notifications.length > 0) await db.deleteFrom("outbox").where("id", "in", notifications).execute();
  for (const [table, ids] of [
    ["website_design_leads", design],
    ["web_app_leads", app],
  ] as const) {
    if (ids.length === 0) continue;
    await db.deleteFrom(table).where("id", "in", ids).execute();
    await db
      .deleteFrom("lead_status_changes")
      .where("lead_table", "=", table)
      .where("lead_row_id", "in", ids)
      .execute();
  }
  if (requests.length > 0) await db.deleteFrom("appointment_requests").where("id", "in", requests).execute();
  const targets = [
    ...design.map((id) => `wd-${id}`),
    ...app.map((id) => `wa-${id}`),
    ...requests.map((id) => `ap-${id}`),
  ];
  if (targets.length > 0) await db.deleteFrom("audit_log").where("target", "in", targets).execute();
}

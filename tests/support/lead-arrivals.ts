import request from "supertest";
import type { AppOptions } from "#server/app.ts";
import { freePort } from "./smtp-sink";
import { appointment, endpoints, startedBefore, webAppLead, websiteDesignLead } from "./submissions";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Leads that arrive at the times a suite names: the app reads the clock the suite moves, and
 * each submission sets it first, so the row's received time is the one given.
 */
export type ArrivalClock = { at: Date };

/**
 * An app for a suite of many submissions: its forms may be sent at once and as often as the
 * suite likes, and no mail server listens (each suite says what its outbox does).
 */
export async function createArrivalsApp(
  clock: ArrivalClock,
  overrides: Partial<Omit<AppOptions, "config" | "now">> = {},
): Promise<TestApp> {
  return createTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      FORM_MIN_FILL_SECONDS: "0",
      LEAD_RATE_LIMIT_MAX: "1000",
    },
    { now: () => clock.at, ...overrides },
  );
}

/** Sends a form as a visitor would at `iso`, which the clock then stays at. */
export async function submitLeadAt(
  site: TestApp,
  clock: ArrivalClock,
  iso: string,
  url: string,
  body: (at: Date) => Record<string, unknown>,
): Promise<void> {
  clock.at = new Date(iso);
  await request(site.app).post(url).send(body(clock.at)).expect(201);
}

export type ArrivingForm = "website-design" | "web-app" | "appointment";

const endpointOf: Record<ArrivingForm, string> = {
  "website-design": endpoints.websiteDesign,
  "web-app": endpoints.webApp,
  appointment: endpoints.appointments,
};

/** A form's sample answers as a visitor fills them in at `at`, with `answers` over them. */
function answersAt(form: ArrivingForm, at: Date, answers: Record<string, unknown>): Record<string, unknown> {
  const served = { ...startedBefore(at.getTime()), ...answers };
  if (form === "website-design") return websiteDesignLead(served);
  if (form === "web-app") return webAppLead(served);
  return appointment(at, served);
}

/** Sends one of the lead forms at `iso`, with its sample answers and `answers` over them. */
export function submitFormAt(
  site: TestApp,
  clock: ArrivalClock,
  iso: string,
  form: ArrivingForm,
  answers: Record<string, unknown> = {},
): Promise<void> {
  return submitLeadAt(site, clock, iso, endpointOf[form], (at) => answersAt(form, at, answers));
}

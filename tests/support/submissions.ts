import { appointmentDateOptions } from "#shared/forms/appointment.ts";
import { createClientAddressKey } from "#server/operations/leads/client-address-key.ts";
import { createFormTokens } from "#server/operations/leads/form-guard.ts";
import { botGuardFields } from "#shared/forms/bot-guard.ts";
import { apiPaths, paths } from "#shared/paths.ts";

/** The FORM_SECRET of every test app (test-app.ts), so tests can sign start fields as pages do. */
export const testFormSecret = "test-form-secret-0123456789abcdefghijklmnop";
export const testFormTokens = createFormTokens(testFormSecret, () => new Date());
/** The acknowledgment limit's client keys as every test app makes them. */
export const testClientAddressKey = createClientAddressKey(testFormSecret);

/** The signed start field of a form served at `at` (epoch ms). */
export function servedAt(at: number): Record<string, string> {
  return { [botGuardFields.startedAt]: testFormTokens.issue(new Date(at)) };
}

/** The form was rendered a minute before `now`: well past any minimum fill time. */
export function startedBefore(now = Date.now()): Record<string, string> {
  return servedAt(now - 60_000);
}

export { apiPaths as endpoints };

export function websiteDesignLead(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Jane Doe",
    companyName: "Acme Trading",
    businessEmail: "jane@acme.co.za",
    websiteType: "redesign",
    budget: "30k-60k",
    timeline: "1-2-months",
    ...startedBefore(),
    ...overrides,
  };
}

export function webAppLead(overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Sipho Dlamini",
    workEmail: "sipho@fleetco.co.za",
    phoneNumber: "+27 (82) 555-0199",
    companyName: "FleetCo",
    industry: "Logistics",
    companySize: "51-200",
    ...startedBefore(),
    ...overrides,
  };
}

/** A valid request for a visitor at `now` (the first offered date, the first slot). */
export function appointment(now: Date, overrides: Record<string, unknown> = {}) {
  return {
    name: "Thandi Nkosi",
    email: "thandi@example.co.za",
    phone: "+27 82 555 0142",
    company: "Nkosi Consulting",
    service_type: "web-development",
    preferred_date: appointmentDateOptions(now)[0]?.value,
    preferred_time: "10:00 AM",
    project_details: "A booking portal for our consulting clients.",
    ...startedBefore(now.getTime()),
    ...overrides,
  };
}

export function newsletterSignup(email: string, overrides: Record<string, unknown> = {}) {
  return { email, ...startedBefore(), ...overrides };
}

/**
 * Each public form: the API endpoint its script posts to, the page its no-script post goes
 * to, and a valid submission, made when called so its start field is fresh.
 */
export const publicForms = [
  { endpoint: apiPaths.websiteDesign, page: paths.websiteDesign, submission: () => websiteDesignLead() },
  { endpoint: apiPaths.webApp, page: paths.webAppDevelopment, submission: () => webAppLead() },
  { endpoint: apiPaths.appointments, page: paths.bookAppointment, submission: () => appointment(new Date()) },
  {
    endpoint: apiPaths.newsletter,
    page: paths.news,
    submission: () => newsletterSignup("reader@example.com"),
  },
];

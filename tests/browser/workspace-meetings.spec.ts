import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { createSession } from "#server/auth/sessions.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { paths } from "#shared/paths.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { parseCalendar } from "#tests/support/calendar.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/support/smtp-sink.ts";
import { insertConfirmedMeeting } from "#tests/support/appointment-sample.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { addSessionCookie } from "./session-cookie";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * A sales member books a visitor's meeting from the request's page, finds it on Meetings
 * under its day, moves it and cancels it; the visitor's calendar messages arrive at a real
 * SMTP server and are read back with ical.js. The server is this file's own: its outbox
 * sends to the sink, and no other file's meetings appear in its list.
 */
let sink: SmtpSink;
let server: OwnServer;
let db: Db;
let sessionToken = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startOwnServer({
    SMTP_URL: sink.url,
    MAIL_TO: "leads@agency.test",
    FORM_MIN_FILL_SECONDS: "0",
    LEAD_RATE_LIMIT_MAX: "1000",
  });
  db = createDatabase(path.join(server.dataDir, "site.sqlite"));
  const userId = await addStaff(db, "sales@agency.test", "sales");
  sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
});
test.afterAll(async () => {
  await db.destroy();
  await server.stop();
  await sink.close();
});

const at = (pathname: string) => `${server.url}${pathname}`;

const signIn = (context: BrowserContext) => addSessionCookie(context, sessionToken);

async function open(page: Page, pathname: string) {
  await page.goto(at(pathname));
  await waitForHydration(page);
}

/** The next e-mail to `address` whose subject matches, as it arrived at the SMTP server. */
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  await expect
    .poll(() => sink.messages.some((mail) => mail.to.includes(address) && subject.test(mail.subject)), {
      timeout: 15_000,
    })
    .toBe(true);
  const index = sink.messages.findIndex((mail) => mail.to.includes(address) && subject.test(mail.subject));
  const [mail] = sink.messages.splice(index, 1);
  if (!mail) throw new Error("the e-mail went missing");
  return mail;
}

const cape = (isoLocal: string) => new Date(`${isoLocal}+02:00`);

// The refused past time below is the first request on this server's fresh database.
test.use({ expectedHttpErrors: ["/admin/api/inbox/ap-1/meeting"] });

test("a request is confirmed from its page, listed on Meetings, moved and cancelled, each e-mailed as a calendar update", async ({
  page,
  context,
}) => {
  const email = "lerato@mokoena.test";
  // The visitor books on the site.
  await open(page, paths.bookAppointment);
  await page.getByLabel("Name").fill("Lerato Mokoena");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("082 555 0100");
  await page.getByLabel("Service type").selectOption("mobile-development");
  await page.getByLabel("Preferred date").selectOption({ index: 1 });
  const day = await page.getByLabel("Preferred date").inputValue();
  await page.getByLabel("Preferred time").selectOption("02:00 PM");
  await page.getByLabel("Project details").fill("A booking app for our three salons in Johannesburg.");
  await page.getByRole("button", { name: "Request Appointment" }).click();
  await expect(page.getByText("Appointment requested!")).toBeVisible();
  const row = await db
    .selectFrom("appointment_requests")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const id = `ap-${row.id}`;
  expect(id).toBe("ap-1");

  // Confirmed from its page, at the time the visitor asked for, for an hour.
  await signIn(context);
  await open(page, staffPath(staffPaths.lead, { id }));
  const meeting = page.locator("section[aria-labelledby=meeting-title]");
  await expect(meeting.getByRole("heading", { name: "Meeting" })).toBeVisible();
  await expect(meeting.getByText("Not booked yet.")).toBeVisible();
  await expect(meeting.getByLabel("Date")).toHaveValue(day);
  await expect(meeting.getByLabel("Time")).toHaveValue("14:00");
  await expect(meeting.getByLabel("Length")).toHaveValue("45");
  // A time that has passed is refused beside the time, and nothing is sent.
  await meeting.getByLabel("Date").fill("2020-01-06");
  await meeting.getByRole("button", { name: "Confirm and send the invitation" }).click();
  // Beside the time, and in the summary at the form's top that takes the focus.
  await expect(meeting.getByLabel("Time")).toHaveAccessibleDescription(
    /That time has passed: choose a later one\./,
  );
  const summary = meeting.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: "That time has passed: choose a later one." }),
  ).toBeVisible();
  await expect(meeting.getByLabel("Time")).toHaveAttribute("aria-invalid", "true");
  await meeting.getByLabel("Date").fill(day);
  await meeting.getByLabel("Length").selectOption("60");
  await meeting.getByRole("button", { name: "Confirm and send the invitation" }).click();
  await expect(meeting.getByText(/^Confirmed for .* 14:00, 1 h \(Cape Town time\)\.$/)).toBeVisible();

  const invitation = await mailTo(email, /is confirmed/);
  const event = parseCalendar(invitation.calendar?.content ?? "");
  expect(event).toMatchObject({ method: "REQUEST", sequence: 1, startZone: "Africa/Johannesburg" });
  expect(event.start).toEqual(cape(`${day}T14:00:00`));
  expect(event.end).toEqual(cape(`${day}T15:00:00`));
  await mailTo("leads@agency.test", /confirmed/);
  const history = page.locator("section[aria-labelledby=history-title]");
  await expect(history).toContainText("contacted by sales@agency.test");
  // The request's page with its meeting booked passes axe too.
  await expectNoAxeViolations(page);

  // On Meetings, under its day, linking back to the request.
  await open(page, staffPaths.meetings);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meetings");
  const dayLabel = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(/^(\w{3}) /, "$1, ");
  const section = page.getByRole("region", { name: dayLabel });
  await expect(section.getByRole("listitem")).toHaveCount(1);
  await expect(section).toContainText("14:00 to 15:00");
  await expect(section).toContainText("Mobile App Development");
  await section.getByRole("link", { name: "Lerato Mokoena" }).click();
  await expect(page).toHaveURL(at(staffPath(staffPaths.lead, { id })));
  await waitForHydration(page);

  // Moved: the same event, one SEQUENCE on.
  await meeting.getByLabel("Time").fill("09:30");
  await meeting.getByRole("button", { name: "Reschedule and send the update" }).click();
  await expect(meeting.getByText(/^Confirmed for .* 09:30, 1 h \(Cape Town time\)\.$/)).toBeVisible();
  const moved = parseCalendar((await mailTo(email, /has moved/)).calendar?.content ?? "");
  expect(moved).toMatchObject({ method: "REQUEST", uid: event.uid, sequence: 2 });
  expect(moved.start).toEqual(cape(`${day}T09:30:00`));
  await mailTo("leads@agency.test", /rescheduled/);
  await open(page, staffPaths.meetings);
  await expect(page.getByRole("region", { name: dayLabel })).toContainText("09:30 to 10:30");

  // Cancelled, after saying what it does: the safe choice is focused first.
  await open(page, staffPath(staffPaths.lead, { id }));
  await meeting.getByRole("button", { name: "Cancel the meeting" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the meeting with Lerato Mokoena?" });
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel the meeting" }).click();
  await expect(meeting.getByText(/was cancelled/)).toBeVisible();
  const cancelled = parseCalendar((await mailTo(email, /is cancelled/)).calendar?.content ?? "");
  expect(cancelled).toMatchObject({ method: "CANCEL", uid: event.uid, sequence: 3, status: "CANCELLED" });
  await mailTo("leads@agency.test", /cancelled/);
  // Booked, moved and cancelled, and the read mark opening the page left.
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expect(history.getByRole("listitem").filter({ hasText: /^Read by sales@agency\.test/ })).toHaveCount(
    1,
  );

  await open(page, staffPaths.meetings);
  await expect(page.getByText("No meetings today or ahead.")).toBeVisible();
});

/** A meeting confirmed directly, so the list has a card to check. */
const addConfirmedMeeting = () =>
  insertConfirmedMeeting(db, {
    name: "Thandiwe Nokuthula Mahlangu-Vilakazi",
    email: "thandiwe@example.test",
    company: "A company with a rather long registered name (Pty) Ltd",
    hourUtc: 8,
    minutes: 90,
  });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the Meetings page, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("passes axe and fits 360 px without scrolling sideways", async ({ page, context }) => {
      if (colorScheme === "light") await addConfirmedMeeting();
      await signIn(context);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, staffPaths.meetings);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page).toHaveTitle(/^Meetings · Workspace/);
        await expect(page.getByRole("listitem").filter({ hasText: "Thandiwe" })).toHaveCount(1);
        await expectNoAxeViolations(page);
        const size = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(size.scroll, `${width} px`).toBeLessThanOrEqual(size.client);
      }
      // The empty list, from a day far ahead.
      await open(page, `${staffPaths.meetings}?from=2099-01-01`);
      await expect(page.getByText("No meetings from Thu, 1 Jan 2099 on.")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

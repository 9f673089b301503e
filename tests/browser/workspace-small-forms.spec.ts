import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { createSession } from "#server/auth/sessions.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { addScreenshotArguments } from "#tests/support/cli-arguments.ts";
import { insertConfirmedMeeting } from "#tests/support/appointment-sample.ts";
import { addPasswordAccount, type PasswordAccount } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { followNavLink } from "./leave-question";
import { addSessionCookie } from "./session-cookie";
import { useSignedInServer } from "./signed-in-server";

/**
 * The workspace's smaller forms keep work and show what went wrong as the big ones do
 * (docs/decisions/065-never-lose-work.md): the invitation, a meeting's time, a news
 * category, the password, a passkey's name and a screenshot's upload each ask "Leave
 * without saving?" once something is typed, and a refusal from the server (a screenshot's
 * move too) takes the focus to an error summary at the form's top whose link brings the
 * focus to the field. At a phone's width and a desktop's; axe in the dark theme on the
 * phone, the light on the desktop.
 */
const png = () =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

let pat: PasswordAccount;
let db: Db;
/** The confirmed meeting's request, the first on the server's fresh database. */
const meetingId = "ap-1";

const own = useSignedInServer({ email: "owner@agency.test", role: "admin" }, async (server, seeded) => {
  // Someone whose password is known, to change it.
  pat = await addPasswordAccount(seeded, "pat@agency.test", "sales");
  await insertConfirmedMeeting(seeded, {
    name: "Ayanda Dlamini",
    email: "ayanda@example.test",
    hourUtc: 9,
    minutes: 60,
  });
  // An upload on the second service page, to move: every upload form has a Position too.
  const file = path.join(server.dataDir, "portal.png");
  await png().then((bytes) => writeFile(file, bytes));
  await server.cli(
    ...addScreenshotArguments("web-app-development", "2", file, "--alt", "Harbour Bank portal"),
  );
});
test.beforeAll(() => {
  db = createDatabase(path.join(own.server.dataDir, "site.sqlite"));
});
test.afterAll(async () => db.destroy());

// Each form is refused once on purpose.
test.use({
  expectedHttpErrors: [
    "/admin/api/users/invite",
    `/admin/api/inbox/${meetingId}/meeting/reschedule`,
    "/admin/api/news-categories",
    "/admin/api/news-categories/rename",
    "/admin/api/account/password",
    "/admin/api/passkeys/options",
    "/admin/api/screenshots",
    "/admin/api/screenshots/1/move",
  ],
});

const url = (pathname: string) => `${own.server.url}${pathname}`;

async function open(page: Page, pathname: string) {
  await page.goto(url(pathname));
  await waitForHydration(page);
}

/** Pat's browser, signed in just now: the password's change needs a proof from the last 5 minutes. */
async function asPat(page: Page) {
  const session = await createSession(db, pat.id, { ip: "127.0.0.1" });
  await addSessionCookie(page.context(), session.token);
}

/**
 * Types into a field, follows a nav link and is asked first: staying keeps the text,
 * leaving goes to the Overview.
 */
async function expectLeaveQuestion(page: Page, field: Locator, typed: string) {
  await field.fill(typed);
  const dialog = await followNavLink(page, "Overview");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(typed);
  await (await followNavLink(page, "Overview")).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(url(staffPaths.overview));
}

/**
 * After a refused save: the focus is on the summary at the top, which names the problem
 * as a link; the field is marked invalid, and the link brings the focus to it. The page
 * with the summary shown passes axe.
 */
async function expectSummaryFor(page: Page, scope: Locator, field: Locator, problem: string) {
  const summary = scope.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await summary.getByRole("link", { name: problem, exact: true }).click();
  await expect(field).toBeFocused();
}

for (const [width, colorScheme] of [
  [360, "dark"],
  [1280, "light"],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, colorScheme });

    test("the invitation form", async ({ page }) => {
      const form = page.getByRole("form", { name: "Invite someone" });
      const email = form.getByLabel("E-mail address", { exact: true });
      await open(page, staffPaths.users);
      await expectLeaveQuestion(page, email, `new.person.${width}@agency.test`);

      await open(page, staffPaths.users);
      await email.fill("not an address");
      await form.getByRole("button", { name: "Send invitation" }).click();
      await expectSummaryFor(page, form, email, "Enter an e-mail address.");
    });

    test("a meeting's new time", async ({ page }) => {
      const meeting = page.locator("section[aria-labelledby=meeting-title]");
      const date = meeting.getByLabel("Date", { exact: true });
      const lead = staffPath(staffPaths.lead, { id: meetingId });
      await open(page, lead);
      await expectLeaveQuestion(page, date, "2030-01-15");

      await open(page, lead);
      await date.fill("");
      await meeting.getByRole("button", { name: "Reschedule and send the update" }).click();
      await expectSummaryFor(page, meeting, date, "Choose a date.");
    });

    test("a news category, added and renamed", async ({ page }) => {
      const news = staffPath(staffPaths.content, { kind: "news" });
      const section = page.getByRole("region", { name: "Categories" });
      const name = section.getByLabel("New category", { exact: true });
      await open(page, news);
      await expectLeaveQuestion(page, name, `Field Notes ${width}`);

      await open(page, news);
      await name.fill("web development");
      await section.getByRole("button", { name: "Add category" }).click();
      const addForm = section
        .locator("form")
        .filter({ has: page.getByLabel("New category", { exact: true }) });
      await expectSummaryFor(page, addForm, name, "There is a category “Web Development” already.");

      await section.getByRole("button", { name: "Rename “Featured”" }).click();
      const newName = section.getByLabel("New name for “Featured”");
      await newName.fill("Web Development");
      await section.getByRole("button", { name: /^Rename in / }).click();
      const renameForm = section.locator("form").filter({ has: page.getByLabel("New name for “Featured”") });
      await expectSummaryFor(page, renameForm, newName, "There is a category “Web Development” already.");
    });

    test("the password change", async ({ page }) => {
      await asPat(page);
      const form = page.getByRole("form", { name: "Change your password" });
      const newPassword = form.getByLabel("New password");
      await open(page, staffPaths.account);
      await expectLeaveQuestion(page, newPassword, "typed but not saved");

      await open(page, staffPaths.account);
      await form.getByLabel("Current password").fill(pat.password);
      await newPassword.fill("short");
      await form.getByRole("button", { name: "Change password" }).click();
      await expectSummaryFor(page, form, newPassword, "Use at least 12 characters.");
    });

    test("a passkey's name", async ({ page }) => {
      await asPat(page);
      const form = page.getByRole("form", { name: "Add a passkey" });
      const name = form.getByLabel("Passkey name");
      await open(page, staffPaths.account);
      await expectLeaveQuestion(page, name, "Work laptop");

      // No name: refused before the device's prompt, so no authenticator is needed.
      await open(page, staffPaths.account);
      await form.getByRole("button", { name: "Add a passkey" }).click();
      await expectSummaryFor(
        page,
        form,
        name,
        "Give the passkey a name of at most 60 characters, such as the device it is on.",
      );
    });

    test("a screenshot's upload and move", async ({ page }) => {
      const form = page.getByRole("form", { name: "Upload a screenshot to Website design" });
      const alt = form.getByLabel("Alt text");
      await open(page, staffPaths.screenshots);
      await expectLeaveQuestion(page, alt, "The booking calendar");

      // A file without its alt text: the server keeps no image it cannot describe.
      await open(page, staffPaths.screenshots);
      await form.getByLabel("Image file").setInputFiles({
        name: "calendar.png",
        mimeType: "image/png",
        buffer: await png(),
      });
      await form.getByRole("button", { name: "Upload" }).click();
      await expectSummaryFor(
        page,
        form,
        alt,
        "Alt text is required: say what the screenshot shows, for screen readers.",
      );
      // The other page's upload form is untouched: its fields are its own.
      await expect(
        page.getByRole("form", { name: "Upload a screenshot to Web app development" }).getByRole("alert"),
      ).toHaveCount(0);

      // Moving an upload to no position: its own Position field is the one linked, not an upload form's.
      const shot = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("img", { name: "Harbour Bank portal" }) });
      const position = shot.getByLabel("Position of “Harbour Bank portal” on Web app development");
      await position.fill("");
      await shot.getByRole("button", { name: "Move “Harbour Bank portal”", exact: true }).click();
      await expectSummaryFor(page, shot, position, "Position must be a whole number from 1 to 20.");
    });
  });
}

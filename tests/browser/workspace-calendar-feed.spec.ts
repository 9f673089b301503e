import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import ICAL from "ical.js";
import { createSession } from "#server/auth/sessions.ts";
import { createDatabase, type Db } from "#server/db/database.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { insertConfirmedMeeting } from "#tests/support/appointment-sample.ts";
import { addStaff } from "#tests/support/staff-workspace.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { addSessionCookie } from "./session-cookie";

/**
 * A sales member's calendar feed on their account page (docs/decisions/063-staff-calendar-feeds.md):
 * made after "Confirm it's you", its address shown once, copied, opened as a calendar app
 * would (read back with ical.js), replaced and revoked; and Meetings' "Mine", which stays
 * in the address. Both at 360 px and 1280 px, in the light and dark themes, through axe.
 * The server is this file's own, so its meetings are the only ones listed.
 */
let server: OwnServer;
let db: Db;
let userId = 0;
let sessionToken = "";

test.describe.configure({ mode: "serial" });

/** Two confirmed meetings three days ahead: one this member of staff takes, one a colleague does. */
const addMeeting = (name: string, ownerId: number, hourUtc: number) =>
  insertConfirmedMeeting(db, {
    name,
    email: `${name.split(" ")[0]?.toLowerCase()}@example.test`,
    hourUtc,
    minutes: 60,
    ownerId,
  });

test.beforeAll(async () => {
  server = await startOwnServer();
  db = createDatabase(path.join(server.dataDir, "site.sqlite"));
  userId = await addStaff(db, "lindiwe@agency.test", "sales");
  const colleague = await addStaff(db, "pieter@agency.test", "sales");
  sessionToken = (await createSession(db, userId, { ip: "127.0.0.1" })).token;
  await addMeeting("Thandi Nkosi", userId, 8);
  await addMeeting("Sipho Dlamini", colleague, 11);
});
test.afterAll(async () => {
  await db.destroy();
  await server.stop();
});

const at = (pathname: string) => `${server.url}${pathname}`;

async function open(page: Page, pathname: string) {
  await page.goto(at(pathname));
  await waitForHydration(page);
}

/** This browser proved who it is `minutesAgo` (as sign-in and "Confirm it's you" record it). */
async function proveAt(minutesAgo: number): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ proved_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
    .where("user_id", "=", userId)
    .execute();
}
const proveNow = () => proveAt(0);

async function signIn(context: BrowserContext) {
  await addSessionCookie(context, sessionToken);
}

/** The summaries of the feed at `url`, fetched as a calendar app fetches it (no cookie). */
async function feedSummaries(page: Page, url: string): Promise<string[] | number> {
  const answer = await page.request.get(at(new URL(url).pathname), { headers: { Cookie: "" } });
  if (answer.status() !== 200) return answer.status();
  expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
  return calendar
    .getAllSubcomponents("vevent")
    .map((event) => String(event.getFirstPropertyValue("summary")));
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  const size = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(size.scroll, `${width} px`).toBeLessThanOrEqual(size.client);
}

test.describe("the account page's calendar feed", () => {
  // The first try is refused with "Confirm it's you" on purpose.
  test.use({ expectedHttpErrors: ["/admin/api/account/calendar-feed"] });

  test("is made after Confirm it's you, shown once, copied, replaced and revoked", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await signIn(context);
    await open(page, staffPaths.account);
    const section = page.getByRole("region", { name: "Calendar feed" });
    await expect(section).toContainText("Google Calendar, Outlook or Apple Calendar");
    // A sales member chooses nothing: the feed lists the meetings they take.
    await expect(section.getByLabel("Meetings in the feed")).toHaveCount(0);

    // Without a recent proof the page asks for one; cancelling makes nothing.
    await proveAt(10);
    await section.getByRole("button", { name: "Make a calendar feed" }).click();
    const proof = page.getByRole("dialog", { name: "Confirm it’s you" });
    await expect(proof).toBeVisible();
    await expect(proof).toContainText("Making a calendar feed address needs your password and a code");
    await proof.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("You did not confirm it’s you, so nothing was changed.")).toBeVisible();
    expect(await db.selectFrom("calendar_feeds").selectAll().execute()).toEqual([]);

    await proveNow();
    await section.getByRole("button", { name: "Make a calendar feed" }).click();
    const address = section.getByLabel("Your feed’s address");
    await expect(address).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[0-9a-f]{64}\.ics$/);
    const first = await address.inputValue();
    await expect(section).toContainText("Shown this once");
    await section.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByText("Feed address copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await feedSummaries(page, first)).toEqual([
      "Consultation with Thandi Nkosi: Maintenance & Support",
    ]);

    // Once put away, the address is not shown again: only that a feed exists.
    await section.getByRole("button", { name: "Done" }).click();
    await expect(address).toHaveCount(0);
    await expect(section).toContainText("Your feed lists the meetings you take");
    await page.reload();
    await waitForHydration(page);
    await expect(section).toContainText("Your feed lists the meetings you take");
    await expect(page.locator("body")).not.toContainText(new URL(first).pathname);

    // Replaced: a new address, and the old one no longer opens.
    await section.getByRole("button", { name: "Replace address" }).click();
    const replace = page.getByRole("dialog", { name: "Replace the feed’s address?" });
    await replace.getByRole("button", { name: "Replace address" }).click();
    await expect(address).toHaveValue(/\/calendar\/[0-9a-f]{64}\.ics$/);
    const second = await address.inputValue();
    expect(second).not.toBe(first);
    expect(await feedSummaries(page, first)).toBe(404);
    expect(await feedSummaries(page, second)).toHaveLength(1);

    // Revoked: the address answers 404 and the page offers a new feed.
    await section.getByRole("button", { name: "Revoke feed" }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke the calendar feed?" });
    await revoke.getByRole("button", { name: "Revoke feed" }).click();
    await expect(page.getByText("Calendar feed revoked")).toBeVisible();
    await expect(section.getByRole("button", { name: "Make a calendar feed" })).toBeVisible();
    await expect(address).toHaveCount(0);
    expect(await feedSummaries(page, second)).toBe(404);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the feed and Meetings' "Mine", ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const width of [1280, 360]) {
      test(`pass axe and fit ${width} px without scrolling sideways`, async ({ page, context }) => {
        // Five pages through axe, each a few seconds on a busy machine.
        test.setTimeout(90_000);
        await signIn(context);
        await proveNow();
        await page.setViewportSize({ width, height: 800 });
        await open(page, staffPaths.account);
        const section = page.getByRole("region", { name: "Calendar feed" });
        // No feed yet, or one already made: either way a new address is on show after this.
        const make = section.getByRole("button", { name: "Make a calendar feed" });
        const replace = section.getByRole("button", { name: "Replace address" });
        // The section draws once the account page has loaded: wait for either state.
        await expect(make.or(replace)).toBeVisible();
        if (await make.isVisible()) {
          await expectNoAxeViolations(page);
          await make.click();
        } else {
          await replace.click();
          await page
            .getByRole("dialog", { name: "Replace the feed’s address?" })
            .getByRole("button", { name: "Replace address" })
            .click();
        }
        await expect(section.getByLabel("Your feed’s address")).toHaveValue(/\.ics$/);
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page, width);
        const copy = section.getByRole("button", { name: "Copy address" });
        expect((await copy.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

        // Meetings: everyone's, each naming who takes it; then only mine, kept in the address.
        await open(page, staffPaths.meetings);
        const whose = page.getByRole("navigation", { name: "Whose meetings" });
        await expect(whose.getByRole("link", { name: "Everyone’s" })).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("listitem").filter({ hasText: "Thandi Nkosi" })).toContainText(
          "Taken by lindiwe@agency.test",
        );
        await expect(page.getByRole("listitem").filter({ hasText: "Sipho Dlamini" })).toContainText(
          "Taken by pieter@agency.test",
        );
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page, width);
        await whose.getByRole("link", { name: "Mine" }).click();
        await expect(page).toHaveURL(at(`${staffPaths.meetings}?owner=mine`));
        await waitForHydration(page);
        await expect(whose.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("listitem").filter({ hasText: "Thandi Nkosi" })).toHaveCount(1);
        await expect(page.getByRole("listitem").filter({ hasText: "Sipho Dlamini" })).toHaveCount(0);
        const mine = whose.getByRole("link", { name: "Mine" });
        expect((await mine.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page, width);
        // Past meetings keep the choice.
        await page.getByRole("link", { name: "Show past meetings" }).click();
        await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&owner=mine$/);
        await waitForHydration(page);
        await expect(page.getByRole("listitem").filter({ hasText: "Sipho Dlamini" })).toHaveCount(0);
        // Mine with nothing in it says so.
        await open(page, `${staffPaths.meetings}?from=2099-01-01&owner=mine`);
        await expect(page.getByText("None of your meetings from Thu, 1 Jan 2099 on.")).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

import type { Page } from "@playwright/test";
import { paths } from "#shared/paths.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * The booking form with a taken time, with instant booking on: with JavaScript the taken
 * time is disabled and marked for its day and the line beside the time says whether the
 * chosen one is free; without JavaScript a taken time is refused with the nearest free
 * ones, and is then shown disabled. After a booking the page keeps the specification's
 * "Appointment requested!" and cleared form, and sums up what was asked beside them. On a
 * phone's 360 px, axe clean. The server is this file's own, so its bookings are its own.
 */
let server: OwnServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startOwnServer({ FORM_MIN_FILL_SECONDS: "0", LEAD_RATE_LIMIT_MAX: "1000" });
  await server.cli("availability", "set", "instant", "on");
});
test.afterAll(async () => {
  await server.stop();
});

test.use({ viewport: { width: 360, height: 800 } });

/** The day and time the first visitor books, for the second to find taken. */
let booked = { date: "", time: "" };

async function fillVisitor(page: Page, name: string, email: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("082 555 0100");
  await page.getByLabel("Service type").selectOption("consultation");
  await page.getByLabel("Project details").fill("A booking app for our three salons in Cape Town.");
}

/** A date whose day has a free time, and its first free time, as the form offers them. */
async function firstFree(page: Page): Promise<{ date: string; time: string }> {
  const dates = await page
    .getByLabel("Preferred date")
    .locator("option:not([disabled])")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  for (const date of dates) {
    await page.getByLabel("Preferred date").selectOption(date);
    const times = await page
      .getByLabel("Preferred time")
      .locator("option:not([disabled])")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    if (times[0]) return { date, time: times[0] };
  }
  throw new Error("no free time offered");
}

test("with JavaScript: a free time is booked at once, then shown taken for its day, and the page sums up the booking", async ({
  page,
}) => {
  await page.goto(`${server.url}${paths.bookAppointment}`);
  await waitForHydration(page);
  await fillVisitor(page, "Lerato Mokoena", "lerato@mokoena.test");
  booked = await firstFree(page);
  await page.getByLabel("Preferred time").selectOption(booked.time);
  await expect(page.locator("#preferred_time-status")).toHaveText(
    /^\d\d:\d\d on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ is free\.$/,
  );
  await page.getByRole("button", { name: "Request Appointment" }).click();
  await expect(page.getByText("Appointment requested!")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Your meeting on / })).toHaveText(
    /^Your meeting on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d is booked; the invitation and the link to change it are in your e-mail\.$/,
  );
  // The form is cleared, as the specification says.
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("Preferred date")).toHaveValue("");

  // The next visitor finds that time taken on that day, and only there.
  await page.reload();
  await waitForHydration(page);
  await page.getByLabel("Preferred date").selectOption(booked.date);
  const taken = page.getByLabel("Preferred time").locator(`option[value="${booked.time}"]`);
  await expect(taken).toBeDisabled();
  await expect(taken).toHaveText(`${booked.time} (taken)`);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 360);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  // axe runs in the page, so these pages are checked with JavaScript on, in the other tests.
  test.use({ javaScriptEnabled: false });

  test("a taken time is refused with the nearest free times, then shown taken; a free one is booked and summed up", async ({
    page,
  }) => {
    await page.goto(`${server.url}${paths.bookAppointment}`);
    await fillVisitor(page, "Sipho Dlamini", "sipho@dlamini.test");
    await page.getByLabel("Preferred date").selectOption(booked.date);
    await page.getByLabel("Preferred time").selectOption(booked.time);
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByText(/ is no longer free\. The nearest free times? (is|are) /)).toBeVisible();
    const taken = page.getByLabel("Preferred time").locator(`option[value="${booked.time}"]`);
    await expect(taken).toBeDisabled();
    await expect(taken).toHaveText(`${booked.time} (taken)`);

    const free = await page
      .getByLabel("Preferred time")
      .locator("option:not([disabled])")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    await page.getByLabel("Preferred time").selectOption(free[0] ?? "");
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByText("Appointment requested!")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Your meeting on / })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
  });

  test("as requests, a taken time is still accepted, and the summary says what was asked", async ({
    page,
  }) => {
    await server.cli("availability", "set", "instant", "off");
    await page.goto(`${server.url}${paths.bookAppointment}`);
    await fillVisitor(page, "Ayanda Khumalo", "ayanda@khumalo.test");
    await page.getByLabel("Preferred date").selectOption(booked.date);
    await page.getByLabel("Preferred time").selectOption(booked.time);
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByText("Appointment requested!")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^We have your request for / })).toHaveText(
      /^We have your request for [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d; the link to change it is in your e-mail\.$/,
    );
  });
});

test("as requests with JavaScript, the line beside the time says a taken time is taken and offers the nearest free ones", async ({
  page,
}) => {
  await page.goto(`${server.url}${paths.bookAppointment}`);
  await waitForHydration(page);
  await page.getByLabel("Preferred date").selectOption(booked.date);
  const option = page.getByLabel("Preferred time").locator(`option[value="${booked.time}"]`);
  // The specification's options and labels stay as they are.
  await expect(option).toBeEnabled();
  await expect(option).toHaveText(booked.time);
  await page.getByLabel("Preferred time").selectOption(booked.time);
  await expect(page.locator("#preferred_time-status")).toHaveText(
    /^\d\d:\d\d on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ is already taken; the nearest free times? (is|are) .+\.$/,
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

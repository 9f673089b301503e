import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { appointment, endpoints, testFormSecret } from "#tests/support/submissions.ts";

/**
 * A visitor's own appointment page, opened from the private link in their acknowledgment:
 * moving and cancelling with and without JavaScript at 360 px, axe clean.
 */

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({
    FORM_SECRET: testFormSecret,
    FORM_MIN_FILL_SECONDS: "0",
    ACKNOWLEDGE_SUBMISSIONS: "true",
    LEAD_RATE_LIMIT_MAX: "50",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Requests an appointment as `email` and reads the private link from the acknowledgment's .eml. */
async function linkFor(email: string, time: string): Promise<string> {
  const response = await fetch(`${server.url}${endpoints.appointments}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(appointment(new Date(), { email, preferred_time: time })),
  });
  expect(response.status).toBe(201);
  const mailDir = path.join(server.dataDir, "mail");
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = (() => {
        try {
          return readdirSync(mailDir);
        } catch {
          return [];
        }
      })();
      for (const file of files) {
        const raw = readFileSync(path.join(mailDir, file), "utf8");
        if (!raw.includes(email)) continue;
        link = /https?:\/\/[^\s"<>]+\/appointment\/manage\/[A-Za-z0-9_-]{43}/.exec(
          raw.replace(/=\r?\n/g, ""),
        )?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return `${server.url}${new URL(link ?? "").pathname}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 780 } });

    test("moves the appointment to another free time, then cancels it", async ({ page }) => {
      const where = await linkFor(
        `visitor-${javaScriptEnabled}@example.com`,
        javaScriptEnabled ? "09:00 AM" : "11:00 AM",
      );
      await page.goto(where);
      await expect(page.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
      await expect(page.getByText("Requested, not yet confirmed")).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(360);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole("radio").nth(3).check();
      await page.getByRole("button", { name: "Move my appointment" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your appointment has moved" })).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      // The link was used: it says so, and a newer link (in the e-mail) cancels.
      await page.goto(where);
      await expect(page.getByRole("heading", { level: 1, name: "This link was used" })).toBeVisible();
      const next = await linkFor(
        `second-${javaScriptEnabled}@example.com`,
        javaScriptEnabled ? "10:00 AM" : "01:00 PM",
      );
      await page.goto(next);
      await page.getByRole("button", { name: "Cancel my appointment" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Your appointment is cancelled" }),
      ).toBeVisible();
      await page.goto(next);
      await expect(page.getByRole("heading", { level: 1, name: "Appointment cancelled" })).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}

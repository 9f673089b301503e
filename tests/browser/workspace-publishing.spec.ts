import path from "node:path";
import sharp from "sharp";
import { paths } from "#shared/paths.ts";
import { addNewsArguments } from "#tests/support/cli-arguments.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * Scheduling, previewing and "View on site" from a content item's edit page
 * (docs/decisions/042-preview-and-scheduled-publishing.md), as an editor uses them.
 */

// One server for the file: each test's post is its own, and image conversion takes seconds on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });
// The refused publish time is a 400 on purpose.
test.use({ expectedHttpErrors: ["/admin/api/content/news/monday-launch-notes/schedule"] });

const own = useSignedInServer({ email: "editor@agency.test", role: "editor" }, async (server) => {
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#0f6b64" } })
    .png()
    .toFile(path.join(server.dataDir, "cover.png"));
  await addDraft("Monday Launch Notes", "monday-launch-notes");
  await addDraft("Harbour Preview Notes", "harbour-preview-notes");
});

/** A draft news post with a body, so a page of its own, and a cover image. */
const addDraft = (title: string, id: string) =>
  own.server.cli(
    ...addNewsArguments(
      title,
      "--draft",
      "--id",
      id,
      "--image",
      path.join(own.server.dataDir, "cover.png"),
      "--image-alt",
      "A harbour at dawn",
    ),
  );

const editPath = "/admin/content/news/monday-launch-notes";

test("an editor schedules a draft post and the list says when it publishes", async ({ page }) => {
  await page.goto(`${own.server.url}${editPath}`);
  const publishing = page.getByRole("region", { name: "Publishing" });
  await expect(publishing).toContainText("A draft: visitors do not see it.");
  // A native date and time picker, read as South African time whatever the browser's zone.
  await expect(publishing.getByLabel("Publish at")).toHaveAttribute("type", "datetime-local");
  await publishing.getByLabel("Publish at").focus();
  // The picker offers no time before now, on the agency's clock.
  await expect(publishing.getByLabel("Publish at")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await publishing.getByLabel("Publish at").fill("2031-03-03T08:00");
  await publishing.getByRole("button", { name: "Schedule" }).click();
  await expect(publishing).toContainText("Scheduled");
  await expect(publishing).toContainText("for Mon 3 Mar 2031, 08:00");

  // A time that has passed, or none, is refused beside the field, and the schedule stays.
  await publishing.getByLabel("Publish at").fill("2020-03-03T08:00");
  await publishing.getByRole("button", { name: "Change the publish time" }).click();
  await expect(
    publishing.getByText("That time has passed. Choose a later one, or publish now."),
  ).toBeVisible();
  await expect(publishing.getByLabel("Publish at")).toHaveAttribute("aria-invalid", "true");
  await publishing.getByLabel("Publish at").fill("");
  await publishing.getByRole("button", { name: "Change the publish time" }).click();
  await expect(publishing.getByText("Choose the day and time to publish it.")).toBeVisible();

  await page.goto(`${own.server.url}/admin/content/news`);
  const row = page.getByRole("row").filter({ hasText: "Monday Launch Notes" });
  await expect(row).toContainText("Scheduled");
  await expect(row).toContainText("for Mon 3 Mar 2031, 08:00");
  // News is in date order: no hand-made moves.
  await expect(page.getByRole("button", { name: /^Move “/ })).toHaveCount(0);
  expect(
    (await page.request.get(`${own.server.url}${paths.newsArticle("monday-launch-notes")}`)).status(),
  ).toBe(404);
});

test("an editor previews the draft at its real address, then publishes it and views it on the site", async ({
  page,
  context,
}) => {
  await page.goto(`${own.server.url}/admin/content/news/harbour-preview-notes`);
  const publishing = page.getByRole("region", { name: "Publishing" });
  await publishing.getByLabel("Link works for").selectOption("24");
  const popup = context.waitForEvent("page");
  await publishing.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = await popup;
  await preview.waitForLoadState();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Harbour Preview Notes");
  await expect(preview.getByText(/^Preview: visitors do not see this page/)).toBeVisible();
  expect(preview.url()).toMatch(/\/news\/harbour-preview-notes\?preview=/);
  await preview.close();
  const link = publishing.getByLabel("Preview link");
  await expect(link).toHaveValue(/\/news\/harbour-preview-notes\?preview=/);

  // Published by hand: no longer scheduled, and a save offers the page.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(publishing).toContainText("Visitors see it.");
  await page.getByLabel("Headline").fill("Harbour Preview Notes, updated");
  await page.getByRole("button", { name: "Save changes" }).click();
  const view = publishing.getByRole("status").getByRole("link", { name: /View on site/ });
  await expect(view).toHaveAttribute("href", paths.newsArticle("harbour-preview-notes"));
  await page.goto(`${own.server.url}${paths.newsArticle("harbour-preview-notes")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harbour Preview Notes, updated");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the edit page's Publishing section and the news list pass axe and fit 360 px in the ${colorScheme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await addDraft(`Draft for ${colorScheme}`, `draft-${colorScheme}`);
    await own.server.cli("news", "schedule", `draft-${colorScheme}`, "--at", "2031-12-01 09:15");
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [`/admin/content/news/draft-${colorScheme}`, "/admin/content/news"]) {
        await page.goto(`${own.server.url}${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByText("for Mon 1 Dec 2031, 09:15").first()).toBeVisible();
        await expectNoAxeViolations(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} at ${width}`,
        ).toBeLessThanOrEqual(width);
      }
    }
  });
}

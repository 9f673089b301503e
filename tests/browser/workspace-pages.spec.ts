import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * The pages' copy from the workspace: an editor changes the home page's headline and the
 * order of its value cards in the form, by keyboard, publishes, and the home page shows it.
 */

const own = useSignedInServer({ email: "editor@agency.test", role: "editor" });

test.describe("editing the home page", () => {
  // The form's refused publish answers 400 on purpose.
  test.use({ expectedHttpErrors: ["/admin/api/pages/home"] });
  test("an editor changes the home headline and the order of its value cards, publishes, and / shows it", async ({
    page,
  }) => {
    await page.goto(`${own.server.url}/admin/pages`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages");
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home page");

    const opening = page.getByRole("group", { name: "Opening" });
    await opening.getByLabel("Headline", { exact: true }).fill("Software That Works For Cape Town");

    const cards = page.getByRole("group", { name: "Value cards" });
    const titles = () =>
      cards
        .getByLabel("Title")
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const before = await titles();
    expect(before).toEqual(["Web Development", "Mobile Development", "Maintenance & Support"]);
    // By keyboard: the second card up.
    await cards.getByRole("button", { name: "Move Card 2 up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(titles).toEqual(["Mobile Development", "Web Development", "Maintenance & Support"]);
    // The fewest the design holds: no card can go below three.
    await expect(cards.getByRole("button", { name: "Remove Card 1" })).toBeDisabled();

    // A refused field says so beside it, and nothing is published.
    await opening.getByLabel("Headline", { exact: true }).fill("");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(opening.getByText("Headline cannot be empty.")).toBeVisible();
    await opening.getByLabel("Headline", { exact: true }).fill("Software That Works For Cape Town");

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("link", { name: "View on site" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View on site" })).toHaveAttribute("href", "/");

    await page.goto(`${own.server.url}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Software That Works For Cape Town");
    const shown = page.getByRole("region", { name: "What We Do" }).getByRole("heading", { level: 3 });
    await expect(shown).toHaveText(["Mobile Development", "Web Development", "Maintenance & Support"]);
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the pages list and a page's form pass axe in the ${colorScheme} theme and fit 360 px`, async ({
    page,
  }) => {
    // axe on two full pages takes a while on a busy machine.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of ["/admin/pages", "/admin/pages/about"]) {
      await page.goto(`${own.server.url}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.locator("main form, main table").first()).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

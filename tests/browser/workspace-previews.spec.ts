import type { Page } from "@playwright/test";
import { formatPublishTime } from "#shared/publish-time.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { useSignedInServer } from "./signed-in-server";

/**
 * Preview links from a page's editor (docs/decisions/050-stored-preview-links.md): an
 * editor makes one, sees it listed with their name and its expiry, revokes it, and the
 * link stops showing the draft, on a phone's width and a desktop's.
 */

// One server for the file: each width's link is made and revoked in turn.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const email = "editor@agency.test";
const own = useSignedInServer({ email, role: "editor" });

type Listed = { id: number; createdAt: string; createdBy: string; expiresAt: string };

async function openLinks(page: Page): Promise<Listed[]> {
  const answer = await page.request.get(`${own.server.url}/admin/api/previews?target=page:home`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { links: Listed[] }).links;
}

for (const width of [360, 1280]) {
  test(`at ${width} px an editor makes a preview link of the home page's draft, sees it listed, and revokes it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${own.server.url}/admin/pages/home`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home page");
    const links = page.getByRole("region", { name: "Previews still open" });
    await expect(links).toContainText("None: no link made here opens now.");

    const headline = `A Draft Seen At ${width} Pixels`;
    await page.getByRole("group", { name: "Opening" }).getByLabel("Headline", { exact: true }).fill(headline);
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = await popup;
    await preview.waitForLoadState();
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(headline);
    const address = preview.url();
    expect(address).toMatch(/\/\?preview=pv1\.[\w-]{43}$/);
    await preview.close();

    // Listed with who made it and until when, as the API has it.
    const [link] = await openLinks(page);
    expect(link?.createdBy).toBe(email);
    const item = links.getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(email);
    await expect(item).toContainText(`works until ${formatPublishTime(link?.expiresAt ?? "")}`);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the editor scrolls sideways").toBeLessThanOrEqual(0);

    await item.getByRole("button", { name: /^Revoke the link editor@agency\.test made / }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this preview?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Revoke link" }).click();
    await expect(dialog).toBeHidden();
    await expect(links).toContainText("None: no link made here opens now.");
    expect(await openLinks(page)).toEqual([]);

    // The link now shows what visitors see, with nothing saying it is a preview.
    const after = await page.context().newPage();
    await after.goto(address);
    await expect(after.getByRole("heading", { level: 1 })).not.toHaveText(headline);
    await expect(after.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    await after.close();
  });
}

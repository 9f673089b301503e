import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { appointmentFailureFallback, errorMessages } from "#shared/error-catalogue.ts";
import { appointmentDateOptions, appointmentTimeSlots } from "#shared/forms/appointment.ts";
import { apiPaths, paths } from "#shared/paths.ts";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { expect, test, waitForHydration } from "./fixtures";
import { holdRequests } from "./hold-requests";

/** The browser suite's server writes here (playwright.config.ts). */
const databaseFile = path.join("tests", ".tmp", "browser-data", "site.sqlite");

function rowsWhere(table: string, column: string, value: string): Array<Record<string, unknown>> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(value) as Array<
      Record<string, unknown>
    >;
  } finally {
    db.close();
  }
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
/** The toast on show (one at a time; a replaced one lingers while it animates out). */
const toast = (page: Page) => page.locator("[data-sonner-toast][data-front='true']");

/** Fills the website-design lead form's required fields; its selects are optional. */
async function fillWebsiteDesignLead(
  page: Page,
  businessEmail: string,
  { fullName = "Thandi Nkosi", companyName = "Nkosi Interiors" } = {},
) {
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByLabel("Company Name").fill(companyName);
  await page.getByLabel("Business Email").fill(businessEmail);
}

/** Holds each API answer back a moment so the 'Submitting...' state can be seen. */
async function slowApi(page: Page) {
  await page.route("**/api/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

test.describe("website-design lead form", () => {
  test.use({ expectedHttpErrors: [apiPaths.websiteDesign] });
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
  });

  test("shows the first message in a toast and inline messages; editing clears a field's error", async ({
    page,
  }) => {
    await expect(page.getByRole("heading", { name: "Let's Set Up an Exploratory Chat" })).toBeVisible();
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Validation Error");
    await expect(toast(page)).toContainText("Full Name is required");
    const fullName = page.getByLabel("Full Name");
    await expect(fullName).toHaveAttribute("aria-invalid", "true");
    await expect(fullName).toBeFocused();
    await expect(page.getByText("Company Name is required")).toBeVisible();
    await fullName.fill("T");
    await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#fullName-error")).toHaveCount(0);
    await expect(page.getByText("Company Name is required")).toBeVisible();

    await fullName.fill("Thandi Nkosi");
    await page.getByLabel("Company Name").fill("Nkosi Interiors");
    await page.getByLabel("Business Email").fill("thandi@nkosi");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Business Email must be a valid email address");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });

  test("a valid lead shows 'Submitting...', is stored and leads to the thank-you page", async ({ page }) => {
    const email = `lead-${unique()}@example.co.za`;
    await slowApi(page);
    await fillWebsiteDesignLead(page, email);
    await page.getByRole("combobox", { name: /Website Type/ }).selectOption("redesign");
    await page.getByLabel("Budget").selectOption({ label: "R30k - R60k" });
    await page.getByLabel("Timeline").selectOption("1-2-months");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    const busy = page.getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
    const [row] = rowsWhere("website_design_leads", "business_email", email);
    expect(row).toMatchObject({ full_name: "Thandi Nkosi", budget: "30k-60k", website_type: "redesign" });
  });

  test("a corrected lead sent again drops the Validation Error toast at once, every time", async ({
    page,
  }) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      if (attempt > 0) {
        await page.goto(paths.websiteDesign);
        await waitForHydration(page);
      }
      await fillWebsiteDesignLead(page, "thandi@nkosi");
      await page.getByRole("button", { name: "Request My Website Proposal" }).click();
      await expect(toast(page)).toContainText("Validation Error");
      await page.getByLabel("Business Email").fill(`again-${attempt}-${unique()}@example.co.za`);
      // Hold the answer back: the toast must be gone while it is on its way, not only after.
      const release = await holdRequests(page, new RegExp(`${apiPaths.websiteDesign}$`));
      await page.getByRole("button", { name: "Request My Website Proposal" }).click();
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
      release();
      await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    }
  });

  test("a server failure shows 'Submission failed' with the catalogue's message", async ({ page }) => {
    await page.route("**/api/submit-website-design", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "An unexpected error occurred. Please try again" }),
      }),
    );
    await fillWebsiteDesignLead(page, "thandi@example.co.za");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Submission failed");
    await expect(toast(page)).toContainText("An unexpected error occurred. Please try again");
    await expect(page).toHaveURL(paths.websiteDesign);
    await expect(page.getByRole("button", { name: "Request My Website Proposal" })).toBeEnabled();
  });

  test("a lost connection says so", async ({ page }) => {
    await page.route("**/api/submit-website-design", (route) => route.abort("internetdisconnected"));
    await fillWebsiteDesignLead(page, "thandi@example.co.za");
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Network error. Please try again");
  });
});

test.describe("form validation loads when a form is used", () => {
  /** The scripts the page has loaded so far that hold zod (its error class keeps its name when minified). */
  function zodScripts(page: Page): () => Promise<string[]> {
    const checks: Array<Promise<string | undefined>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      checks.push(
        response.text().then(
          (body) => (body.includes("ZodError") ? new URL(response.url()).pathname : undefined),
          () => undefined,
        ),
      );
    });
    return async () => (await Promise.all(checks)).filter((found) => found !== undefined);
  }

  test("a form page loads no zod until the visitor focuses the form, which then validates", async ({
    page,
  }) => {
    const loaded = zodScripts(page);
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    expect(await loaded()).toEqual([]);
    await page.getByLabel("Full Name").focus();
    await expect.poll(async () => (await loaded()).length).toBe(1);
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(toast(page)).toContainText("Full Name is required");
  });

  test("pressing send before the validation script arrives waits for it, once", async ({ page }) => {
    const leads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(apiPaths.websiteDesign)) leads.push(request.method());
    });
    const release = await holdRequests(page, /-schema-[\w-]+\.js$/);
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    await fillWebsiteDesignLead(page, `held-${unique()}@example.co.za`);
    const send = page.getByRole("button", { name: "Request My Website Proposal" });
    await send.click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    // A second submission while the first waits (Enter in a field, or a script) sends nothing more.
    await page.locator("#proposal form").evaluate((form: HTMLFormElement) => form.requestSubmit());
    release();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    expect(leads).toEqual(["POST"]);
  });

  test("when the validation script cannot be fetched, the form is sent as without JavaScript", async ({
    page,
  }) => {
    await page.route(/-schema-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto(paths.websiteDesign);
    await page.waitForLoadState("networkidle");
    const email = `fallback-${unique()}@example.co.za`;
    await fillWebsiteDesignLead(page, email, { fullName: "Lerato Mokoena", companyName: "Mokoena Bakery" });
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    expect(rowsWhere("website_design_leads", "business_email", email)).toHaveLength(1);
  });
});

test.describe("web-app lead form", () => {
  test.use({ expectedHttpErrors: [apiPaths.webApp] });
  test("validates an optional phone number when given, then sends the lead", async ({ page }) => {
    const email = `webapp-${unique()}@example.co.za`;
    await page.goto(paths.webAppDevelopment);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Full Name").fill("Pieter van Wyk");
    await page.getByLabel("Work Email").fill(email);
    await page.getByLabel("Company Name").fill("Karoo Logistics");
    await page.getByLabel("Phone Number").fill("012");
    await page.getByRole("button", { name: "Get My Custom Web-App Proposal" }).click();
    await expect(toast(page)).toContainText("Phone Number must be a valid phone number");
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    // Shaped like a number, but there is no such number: only the server can tell.
    await page.getByLabel("Phone Number").fill("082 555 01999");
    await page.getByRole("button", { name: "Get My Custom Web-App Proposal" }).click();
    await expect(toast(page)).toContainText("Validation Error");
    await expect(toast(page)).toContainText("Phone Number must be a valid phone number");
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByLabel("Phone Number")).toBeFocused();
    // Written the South African way: stored in E.164.
    await page.getByLabel("Phone Number").fill("082 555 0199");
    await page.getByLabel("Industry").fill("Logistics");
    await page.getByLabel("Company Size").selectOption("51-200");
    await page.getByRole("button", { name: "Get My Custom Web-App Proposal" }).click();
    await expect(page).toHaveURL(paths.thankYouWebApp);
    const [row] = rowsWhere("web_app_leads", "work_email", email);
    expect(row).toMatchObject({
      phone_number: "+27825550199",
      company_name: "Karoo Logistics",
      industry: "Logistics",
      company_size: "51-200",
    });
  });
});

test.describe("appointment form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.bookAppointment);
    await page.waitForLoadState("networkidle");
  });

  test("offers weekdays of the next two weeks and the seven time slots", async ({ page }) => {
    const expected = appointmentDateOptions(new Date());
    const dates = page.getByLabel("Preferred date").locator("option:not([value=''])");
    await expect(dates).toHaveText(expected.map((option) => option.label));
    for (const option of expected) {
      const weekday = new Date(`${option.value}T12:00:00Z`).getUTCDay();
      expect(weekday).not.toBe(0);
      expect(weekday).not.toBe(6);
    }
    await expect(page.getByLabel("Preferred time").locator("option:not([value=''])")).toHaveText([
      ...appointmentTimeSlots,
    ]);
    await expect(page.getByLabel("Service type").locator("option:not([value=''])")).toHaveText([
      "Web Application Development",
      "Mobile App Development",
      "UI/UX Design",
      "Maintenance & Support",
      "General Consultation",
    ]);
    for (const step of ["1. Confirmation", "2. Consultation", "3. Proposal"]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
  });

  test("shows every message inline and the validation toast", async ({ page }) => {
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(toast(page)).toContainText("Validation Error");
    await expect(toast(page)).toContainText("Please correct the errors and try again");
    for (const message of [
      "Name is required",
      "Email is required",
      "Phone number is required",
      "Please select a service type",
      "Please select a preferred date",
      "Please select a preferred time",
      "Project details are required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Name").fill("A");
    await expect(page.locator("#name-error")).toHaveCount(0);
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Phone").fill("0000");
    await page.getByLabel("Project details").fill("Too short");
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByText("Name must be between 2 and 50 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByText("Project details must be between 10 and 1000 characters")).toBeVisible();
    await page.getByLabel("Service type").selectOption("ui-ux");
    await expect(page.locator("#service_type-error")).toHaveCount(0);
  });

  test("a valid request is stored unread, confirmed in a toast and the form is cleared", async ({ page }) => {
    const email = `appointment-${unique()}@example.co.za`;
    await slowApi(page);
    await page.getByLabel("Name").fill("Lerato Mokoena");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("082 555 0100");
    await page.getByLabel("Company").fill("Mokoena & Co");
    await page.getByLabel("Service type").selectOption("mobile-development");
    await page.getByLabel("Preferred date").selectOption({ index: 1 });
    await page.getByLabel("Preferred time").selectOption("02:00 PM");
    await page.getByLabel("Project details").fill("A booking app for our three salons in Johannesburg.");
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(toast(page)).toContainText("Appointment requested!");
    await expect(toast(page)).toContainText("We'll confirm your appointment shortly.");
    for (const label of ["Name", "Email", "Phone", "Company", "Project details"]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }
    await expect(page.getByLabel("Service type")).toHaveValue("");
    const [row] = rowsWhere("appointment_requests", "email", email);
    expect(row).toMatchObject({
      name: "Lerato Mokoena",
      phone: "+27825550100",
      service_type: "mobile-development",
      preferred_time: "02:00 PM",
    });
    expect(Boolean(row?.read)).toBe(false);
  });
});

test("the newsletter asks the visitor to confirm by e-mail", async ({ page }) => {
  await page.goto(paths.news);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("We respect your privacy. Unsubscribe at any time.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Email address")).toHaveAttribute("type", "email");
  // The news page loads React only once the visitor turns to the form.
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  await page.getByLabel("Email address").fill(`reader-${unique()}@example.co.za`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(toast(page)).toContainText("Please check your inbox and confirm your subscription.");
  await expect(page.getByLabel("Email address")).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid website-design lead is stored and shows the thank-you page", async ({ page }) => {
    const email = `nojs-${unique()}@example.co.za`;
    await page.goto(paths.websiteDesign);
    await fillWebsiteDesignLead(page, email, { fullName: "Sipho Dlamini", companyName: "Dlamini Builders" });
    await page.getByRole("button", { name: "Request My Website Proposal" }).click();
    await expect(page).toHaveURL(paths.thankYouWebsiteDesign);
    expect(rowsWhere("website_design_leads", "business_email", email)).toHaveLength(1);
  });

  test("an invalid lead comes back with its messages and the values kept", async ({ page }) => {
    await page.goto(paths.webAppDevelopment);
    await page.getByLabel("Full Name").fill("Sipho Dlamini");
    await page.getByLabel("Work Email").fill("sipho@");
    await page.getByRole("button", { name: "Get My Custom Web-App Proposal" }).click();
    await expect(page.getByRole("alert")).toContainText("Validation Error");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Company Name is required")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Sipho Dlamini");
    await expect(page.getByLabel("Work Email")).toHaveValue("sipho@");
  });

  test("an appointment request is stored and confirmed on the page", async ({ page }) => {
    const email = `nojs-appointment-${unique()}@example.co.za`;
    await page.goto(paths.bookAppointment);
    await page.getByLabel("Name").fill("Naledi Khumalo");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill("+27215550111");
    await page.getByLabel("Service type").selectOption("consultation");
    await page.getByLabel("Preferred date").selectOption({ index: 2 });
    await page.getByLabel("Preferred time").selectOption("09:00 AM");
    await page.getByLabel("Project details").fill("We need advice on moving our systems to the cloud.");
    await page.getByRole("button", { name: "Request Appointment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Appointment requested!" })).toBeVisible();
    expect(rowsWhere("appointment_requests", "email", email)).toHaveLength(1);
  });
});

test.describe("when the server answers with an error page", () => {
  test.use({ expectedHttpErrors: [apiPaths.webApp] });
  test("the lead fallback names the agency's e-mail", async ({ page }) => {
    await page.goto(paths.webAppDevelopment);
    await page.waitForLoadState("networkidle");
    await page.route("**/api/submit-web-app", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    await page.getByLabel("Full Name").fill("Pieter van Wyk");
    await page.getByLabel("Work Email").fill("pieter@example.co.za");
    await page.getByLabel("Company Name").fill("Karoo Logistics");
    await page.getByRole("button", { name: "Get My Custom Web-App Proposal" }).click();
    await expect(toast(page)).toContainText("Submission failed");
    await expect(toast(page)).toContainText(defaultSiteSettings.email);
  });
});

/** A reverse proxy's or firewall's refusal and a gateway's error page: not answers the site wrote. */
const foreignReplies = [
  {
    what: "a proxy's 403 'permission denied'",
    reply: { status: 403, contentType: "text/plain", body: "permission denied" },
    raw: "permission denied",
  },
  {
    what: "a firewall's JSON in our reply's shape",
    reply: {
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ success: false, error: "Request denied by WAF rule 942100" }),
    },
    raw: "WAF rule 942100",
  },
  {
    what: "an HTML 502 page",
    reply: {
      status: 502,
      contentType: "text/html",
      body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.27.4</center></body></html>",
    },
    raw: "Bad Gateway",
  },
];

test.describe("replies the site does not recognise are shown in the requirements §8 catalogue's words", () => {
  test.use({ expectedHttpErrors: [apiPaths.websiteDesign, apiPaths.appointments] });

  for (const { what, reply, raw } of foreignReplies) {
    test(`lead form: ${what}`, async ({ page }) => {
      await page.goto(paths.websiteDesign);
      await page.waitForLoadState("networkidle");
      await page.route("**/api/submit-website-design", (route) => route.fulfill(reply));
      await fillWebsiteDesignLead(page, "thandi@example.co.za");
      await page.getByRole("button", { name: "Request My Website Proposal" }).click();
      await expect(toast(page)).toContainText("Submission failed");
      // 'permission' maps to its catalogue text; a page with nothing the catalogue names
      // gets the lead form's fallback, which offers the agency's e-mail.
      await expect(toast(page)).toContainText(
        reply.status === 403 ? errorMessages.permission : defaultSiteSettings.email,
      );
      await expect(toast(page)).not.toContainText(raw);
      await expect(page.getByText(raw)).toHaveCount(0);
    });

    test(`appointment form: ${what}`, async ({ page }) => {
      await page.goto(paths.bookAppointment);
      await page.waitForLoadState("networkidle");
      await page.route("**/api/appointments", (route) => route.fulfill(reply));
      await page.getByLabel("Name").fill("Lerato Mokoena");
      await page.getByLabel("Email").fill("lerato@example.co.za");
      await page.getByLabel("Phone").fill("082 555 0100");
      await page.getByLabel("Service type").selectOption("consultation");
      await page.getByLabel("Preferred date").selectOption({ index: 1 });
      await page.getByLabel("Preferred time").selectOption("09:00 AM");
      await page.getByLabel("Project details").fill("A booking app for our three salons.");
      await page.getByRole("button", { name: "Request Appointment" }).click();
      await expect(toast(page)).toContainText("Error");
      await expect(toast(page)).toContainText(
        reply.status === 403 ? errorMessages.permission : appointmentFailureFallback,
      );
      await expect(toast(page)).not.toContainText(raw);
      await expect(page.getByText(raw)).toHaveCount(0);
    });
  }
});

import { caseStudies } from "#data/seed-case-studies.ts";
import { newsPosts } from "#data/seed-news.ts";
import { projects } from "#data/seed-projects.ts";
import { CASE_LIST_DESCRIPTION_CUT, listCardDescription } from "#shared/case-study-rules.ts";
import { paths } from "#shared/paths.ts";
import { defaultSiteSettings as settings } from "#shared/site-settings.ts";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { contentKinds } from "#server/db/content-items.ts";
import { openDatabase } from "#server/db/database.ts";
import { copyIconNames } from "#shared/copy/copy-icons.ts";
import { runCliIn } from "#tests/support/cli.ts";
import { copyIconMarkup, iconsInCopy } from "#tests/support/copy-icon-markup.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

test("home: hero, value cards, process and closing call to action", async ({ page }) => {
  await page.goto(paths.home);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transform Your Ideas Into Reality");
  await expect(page.getByRole("link", { name: "See Our Projects" })).toHaveAttribute("href", paths.projects);
  await expect(page.getByRole("link", { name: "Get In Touch" })).toHaveAttribute("href", paths.contact);
  for (const card of ["Web Development", "Mobile Development", "Maintenance & Support"]) {
    await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "How We Work" })).toBeVisible();
  const steps = page.locator("#how-we-work ~ ol h3");
  await expect(steps).toHaveText(["Discovery", "Planning", "Development", "Launch & Support"]);
  for (const claim of ["200%", "30%", "Up to 46%"])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to Transform Your Business?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book an Appointment" })).toHaveAttribute(
    "href",
    paths.contact,
  );
});

test("about: story, three values, six reasons and a self-hosted photo", async ({ page }) => {
  await page.goto(paths.about);
  await expect(page.getByRole("heading", { name: "Our Story" })).toBeVisible();
  await expect(page.locator("#our-values ~ ul h3")).toHaveText(["Innovation", "Quality", "Partnership"]);
  await expect(page.locator("#why-choose ~ ul h3")).toHaveText([
    "Expert Team",
    "Proven Process",
    "Latest Technology",
    "Ongoing Support",
    "Transparent Communication",
    "Competitive Pricing",
  ]);
  const photo = page.locator("main img").first();
  await expect(photo).toHaveAttribute("src", /^\/images\//);
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("services: six service blocks linking to the two service pages", async ({ page }) => {
  await page.goto(paths.services);
  await expect(page.locator("main li h3")).toHaveCount(6);
  await expect(page.getByRole("link", { name: /Learn more about Website Design/ })).toHaveAttribute(
    "href",
    paths.websiteDesign,
  );
  await expect(page.getByRole("link", { name: /Learn more about Custom Web-Application/ })).toHaveAttribute(
    "href",
    paths.webAppDevelopment,
  );
});

test("website design page: problems, portfolio, expectations, website types and reasons", async ({
  page,
}) => {
  await page.goto(paths.websiteDesign);
  await expect(page.locator("h1 ~ ul li")).toHaveCount(3);
  await expect(page.locator("#what-to-expect ~ ul li")).toHaveCount(6);
  await expect(page.getByRole("rowheader")).toHaveText([
    "Marketing Sites",
    "Custom CMS Websites",
    "SME Web Portals",
  ]);
  await expect(page.locator("#why-choose-us ~ ul h3")).toHaveCount(3);
});

test("web-app page: pain points, technology cards and the five-step process", async ({ page }) => {
  await page.goto(paths.webAppDevelopment);
  await expect(page.locator("h1 ~ ul li")).toHaveCount(3);
  await expect(page.locator("#technology ~ ul h3")).toHaveText(["Frontend", "Backend & Process"]);
  await expect(page.locator("#our-process ~ ol h3")).toHaveText([
    "Discovery & Requirements Workshop",
    "Wireframes + UX/UI Mockups",
    "Agile Development in Sprints",
    "QA Testing and Optimisation",
    "Launch & Ongoing Support",
  ]);
  // One built-in screenshot and one placeholder: a single large image, no carousel.
  await expect(page.locator("[aria-roledescription='carousel']")).toHaveCount(0);
  await expect(page.locator("section[aria-labelledby='showcase-web-app-development'] img")).toHaveCount(1);
});

test("projects: nine cards with an image described, tags, client and details links", async ({ page }) => {
  await page.goto(paths.projects);
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(projects.length);
  for (const [index, project] of projects.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading")).toHaveText(project.title);
    // Each image says what it shows (data/seed-content.test.ts holds the texts to that).
    await expect(card.getByRole("img")).toHaveAccessibleName(project.image_alt);
    await expect(card.getByText(`Client: ${project.client}`)).toBeVisible();
    for (const tag of project.tags) await expect(card.getByText(tag, { exact: true })).toBeVisible();
    if (project.details_link) {
      const link = card.getByRole("link", { name: /View Details/ });
      await expect(link).toHaveAttribute("href", project.details_link);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    } else {
      // aria-disabled keeps it focusable; pressing it must not navigate anywhere.
      await card.getByRole("button", { name: /View Details/ }).press("Enter");
      await expect(page).toHaveURL(paths.projects);
    }
  }
  await expect(page.locator("#development-process ~ ol h3")).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", paths.contact);
});

test("projects grid has 1, 2 and 3 columns at base, medium and large widths", async ({ page }) => {
  const columnsAt = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(paths.projects);
    return page
      .locator("main article")
      .evaluateAll(
        (cards) => new Set(cards.slice(0, 3).map((card) => card.getBoundingClientRect().top)).size,
      );
  };
  expect(await columnsAt(375)).toBe(3); // three rows: one column
  expect(await columnsAt(800)).toBe(2);
  expect(await columnsAt(1280)).toBe(1);
});

test("news: featured first post, the others in a grid, newsletter block", async ({ page }) => {
  await page.goto(paths.news);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tech News & Updates");
  const [featured, ...others] = newsPosts;
  const featuredCard = page.locator("section[aria-labelledby='featured-article'] article");
  await expect(featuredCard.getByRole("heading")).toHaveText(featured!.title);
  await expect(featuredCard.getByText(`By ${featured!.author}`)).toBeVisible();
  // A post with a body has a page of its own on the site.
  await expect(featuredCard.getByRole("link", { name: /Read Full Article/ })).toHaveAttribute(
    "href",
    paths.newsArticle(featured!.id),
  );
  const grid = page.locator("section[aria-labelledby='latest-articles'] article");
  await expect(grid).toHaveCount(others.length);
  for (const [index, post] of others.entries()) {
    await expect(grid.nth(index).getByText(post.category, { exact: true })).toBeVisible();
  }
  // "Read More" opens the article's own page, with its whole text.
  const local = others[0]!;
  const card = grid.filter({ hasText: local.title });
  await card.getByText("Read More").click();
  await expect(page).toHaveURL(paths.newsArticle(local.id));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(local.title);
  await expect(page.getByText(local.content!.split("\n\n")[0]!)).toBeVisible();
});

test("case studies list: every study, cut descriptions and 'And more...'", async ({ page }) => {
  await page.goto(paths.caseStudies);
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(caseStudies.length);
  for (const [index, study] of caseStudies.entries()) {
    const card = cards.nth(index);
    const text = study.listDescription ?? study.description;
    const expected = listCardDescription(study);
    await expect(card.getByText(expected, { exact: true })).toBeVisible();
    if (text.length > CASE_LIST_DESCRIPTION_CUT) {
      // requirements §9: at most 100 characters plus '...', cut between words, never inside one.
      const kept = expected.slice(0, -3);
      expect(expected.endsWith("...") && text.startsWith(kept), study.id).toBe(true);
      expect(kept.length, study.id).toBeLessThanOrEqual(CASE_LIST_DESCRIPTION_CUT);
      expect(text.charAt(kept.length), study.id).not.toMatch(/[\p{L}\p{N}]/u);
    }
    await expect(card.getByText("And more...")).toHaveCount(study.contributions.length > 2 ? 1 : 0);
    await expect(card.locator("ul li")).toHaveCount(Math.min(2, study.contributions.length));
    await expect(card.getByRole("link", { name: /View full case study/ })).toHaveAttribute(
      "href",
      paths.caseStudy(study.id),
    );
  }
  await expect(page.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", paths.contact);
});

test("case study detail: heading, description, contributions and three others", async ({ page }) => {
  const study = caseStudies[3]!;
  await page.goto(paths.caseStudy(study.id));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`How We Helped ${study.clientName}`);
  await expect(page.getByRole("link", { name: "Back to Case Studies" })).toHaveAttribute(
    "href",
    paths.caseStudies,
  );
  await expect(page.getByRole("heading", { name: `What is ${study.clientName}?` })).toBeVisible();
  await expect(page.getByText(study.description)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our contribution this year:" })).toBeVisible();
  for (const item of study.contributions)
    await expect(page.getByText(item, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", paths.contact);
  const others = page.locator("section[aria-labelledby='other-case-studies'] article");
  await expect(others).toHaveCount(3);
  await expect(others.getByRole("link", { name: `View full case study: ${study.clientName}` })).toHaveCount(
    0,
  );
  await expect(page.getByRole("link", { name: "View All Case Studies" })).toHaveAttribute(
    "href",
    paths.caseStudies,
  );
});

test("every named case study is reachable", async ({ request }) => {
  for (const study of caseStudies) {
    const response = await request.get(paths.caseStudy(study.id));
    expect(response.status(), study.id).toBe(200);
  }
});

test("an unknown case study answers 404 with its own message", async ({ page }) => {
  const response = await page.goto(paths.caseStudy("no-such-client"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case study not found");
  await expect(
    page.getByText("The case study you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Case Studies" })).toHaveAttribute(
    "href",
    paths.caseStudies,
  );
});

test("contact: address, e-mail and phone links, and a map that loads only on request", async ({ page }) => {
  const mapHost = new URL(settings.mapEmbedUrl).host;
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) thirdParty.push(request.url());
  });
  await page.route(`**://${mapHost}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
  );
  await page.goto(paths.contact);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(page.getByText("Cape Town 8001")).toBeVisible();
  await expect(page.locator("main").getByText(settings.address.country)).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: settings.email })).toHaveAttribute(
    "href",
    `mailto:${settings.email}`,
  );
  await expect(page.locator("main").getByRole("link", { name: settings.phoneDisplay })).toHaveAttribute(
    "href",
    `tel:${settings.phone}`,
  );
  await expect(page.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("target", "_blank");
  await page.waitForLoadState("networkidle");
  expect(thirdParty).toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);

  await page.getByRole("button", { name: "Show the map" }).click();
  await expect(page.locator("iframe")).toHaveAttribute("src", settings.mapEmbedUrl);
  await expect.poll(() => thirdParty.some((url) => url.includes(mapHost))).toBe(true);
});

test("privacy policy: every section and the cookie policy date", async ({ page }) => {
  await page.goto(paths.privacyPolicy);
  for (const heading of [
    "Cookies",
    "Web Beacons",
    "Remarketing",
    "Card Information",
    "Limitation of Liability",
    "Cookie Policy",
    "Functional Always active",
    "Statistics",
    "Marketing",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("February 17, 2025")).toBeVisible();
  await expect(page.getByText("Always active")).toBeVisible();
  await expect(page.getByText(/Information Regulator/).first()).toBeVisible();
});

for (const [path, service] of [
  [paths.thankYouWebApp, "web-app"],
  [paths.thankYouWebsiteDesign, "website design"],
] as const) {
  test(`thank-you page after a ${service} lead`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
    await expect(page.getByRole("listitem").filter({ hasText: "within 24 hours" })).toBeVisible();
    await expect(page.getByText(/custom proposal/)).toBeVisible();
    await expect(page.getByText(/discovery call or consultation/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", paths.home);
    await expect(page.getByRole("link", { name: "View All Services" })).toHaveAttribute(
      "href",
      paths.services,
    );
  });
}

test("sitemap lists every public page and case study; robots points to it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of [
    paths.home,
    paths.about,
    paths.projects,
    paths.news,
    paths.contact,
    paths.privacyPolicy,
  ]) {
    expect(sitemap).toContain(`<loc>${new URL(path, baseURL).href}</loc>`);
  }
  for (const study of caseStudies)
    expect(sitemap).toContain(`<loc>${new URL(paths.caseStudy(study.id), baseURL).href}</loc>`);
  expect(sitemap).not.toContain("thank-you");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).href}`);
});

test("structured data: organisation on home and contact, breadcrumbs on case studies", async ({ page }) => {
  const jsonLd = async () =>
    page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "")));
  await page.goto(paths.home);
  expect(await jsonLd()).toContainEqual(
    expect.objectContaining({ "@type": "ProfessionalService", name: settings.brandName }),
  );
  await page.goto(paths.contact);
  const [organisation] = await jsonLd();
  expect(organisation.address).toMatchObject({ addressLocality: "Cape Town", addressCountry: "ZA" });
  await page.goto(paths.caseStudy("craft"));
  expect(await jsonLd()).toContainEqual(expect.objectContaining({ "@type": "BreadcrumbList" }));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Craft Case Study/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/case-study\/craft$/);
});

test.describe("with no content", () => {
  let server: OwnServer;
  // Everything removed the way staff would: with the admin commands.
  test.beforeAll(async () => {
    server = await startOwnServer();
    for (const kind of contentKinds) {
      const listed = await runCliIn(server.dataDir, kind, "list", "--json");
      for (const { id } of JSON.parse(listed.stdout) as Array<{ id: string }>) {
        expect((await runCliIn(server.dataDir, kind, "remove", id)).code).toBe(0);
      }
    }
  });
  test.afterAll(async () => server.stop());

  test("projects and news show their empty messages", async ({ page }) => {
    await page.goto(`${server.url}${paths.projects}`);
    await expect(page.getByText("No projects available yet. Check back soon!")).toBeVisible();
    await page.goto(`${server.url}${paths.news}`);
    await expect(page.getByText("No featured article available")).toBeVisible();
    await expect(page.getByText("No articles available")).toBeVisible();
  });
});

test.describe("when content fails to load", () => {
  let server: OwnServer;
  // A damaged database: the tables content and screenshots are read from are gone.
  test.beforeAll(async () => {
    server = await startOwnServer({ LOG_LEVEL: "silent" });
    const db = await openDatabase(databaseLocation(loadConfig({ DATA_DIR: server.dataDir })));
    await db.schema.dropTable("content_items").execute();
    await db.schema.dropTable("service_screenshots").execute();
    await db.destroy();
  });
  test.afterAll(async () => server.stop());

  test("projects show the inline error and the destructive toast", async ({ page }) => {
    await page.goto(`${server.url}${paths.projects}`);
    await expect(page.getByText("Failed to load projects", { exact: true })).toBeVisible();
    const toast = page.locator("[data-sonner-toast][data-front='true']");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to load projects.");
  });

  test("news shows the error notice", async ({ page }) => {
    await page.goto(`${server.url}${paths.news}`);
    const toast = page.locator("[data-sonner-toast][data-front='true']");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to load news posts");
  });

  test("service pages fall back to placeholders; the failure is only logged", async ({ page }) => {
    await page.goto(`${server.url}${paths.websiteDesign}`);
    await expect(page.getByText("Screenshot Placeholder 1")).toBeVisible();
    await expect(page.getByText("Upload via Admin Portal").first()).toBeVisible();
  });
});

/**
 * A card's icon is drawn from the page's loader data (docs/decisions/037-visitor-chunks.md):
 * after staff choose another, the hydrated service pages show it with no hydration
 * mismatch (React logs one as a console error, which fails the test). Its own server: the
 * change is to public pages.
 */
test.describe("with a card's icon changed", () => {
  let server: OwnServer;
  const changed: Record<string, string> = {};
  const cards = [
    {
      page: "website-design",
      path: paths.websiteDesign,
      list: "#why-choose-us ~ ul",
      at: ["whyChooseUs", "cards"],
    },
    {
      page: "web-app-development",
      path: paths.webAppDevelopment,
      list: "#technology ~ ul",
      at: ["technology", "groups"],
    },
  ] as const;

  test.beforeAll(async () => {
    server = await startOwnServer();
    for (const { page, at } of cards) {
      const copy = JSON.parse(
        (await runCliIn(server.dataDir, "copy", "show", page, "--json")).stdout,
      ) as Record<string, Record<string, Array<{ icon: string }>>>;
      const icon = copyIconNames.find((name) => !iconsInCopy(copy).has(name));
      const card = copy[at[0]]?.[at[1]]?.[0];
      if (!icon || !card) throw new Error(`no card or no unused icon on ${page}`);
      card.icon = icon;
      changed[page] = icon;
      const file = path.join(server.dataDir, `${page}-copy.json`);
      writeFileSync(file, JSON.stringify(copy));
      expect((await runCliIn(server.dataDir, "copy", "set", page, "--from-file", file)).code).toBe(0);
    }
  });
  test.afterAll(async () => server.stop());

  for (const { page: name, path: url, list } of cards) {
    test(`${name}: the first card shows the chosen icon before and after hydration`, async ({ page }) => {
      const icon = changed[name] as (typeof copyIconNames)[number];
      const expected = copyIconMarkup(icon);
      const served = await (await page.request.get(`${server.url}${url}`)).text();
      expect(served).toContain(expected);

      await page.goto(`${server.url}${url}`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // The card's icon is its first svg (the technology cards' lists have their own).
      const svg = page.locator(`${list} > li`).first().locator("svg").first();
      await expect(svg).toBeVisible();
      // The same element as lucide's named icon, attributes and shapes alike, as the browser parses both.
      const same = await svg.evaluate((element, markup) => {
        const template = document.createElement("template");
        template.innerHTML = markup;
        return template.content.firstElementChild?.isEqualNode(element) ?? false;
      }, expected);
      expect(same).toBe(true);
    });
  }
});

/**
 * A hydrating page with its shipped copy takes the copy from its own script, not its data
 * (docs/decisions/039-editable-page-copy.md); edited, from its data. Either way it hydrates
 * with no mismatch (React logs one as a console error, which fails the test) and its form
 * answers. Its own server: the edit is to public pages.
 */
test.describe("a form page's copy, shipped and edited", () => {
  let server: OwnServer;
  const formPages = [
    {
      page: "web-app-development",
      path: paths.webAppDevelopment,
      at: "hero",
      send: "Get My Custom Web-App Proposal",
    },
    { page: "book-appointment", path: paths.bookAppointment, at: "header", send: "Request Appointment" },
  ] as const;
  const edited = (page: string) => `Words staff changed on the ${page} page`;

  test.beforeAll(async () => {
    server = await startOwnServer();
  });
  test.afterAll(async () => server.stop());

  async function expectHydratedWithWorkingForm(page: Page, url: string, subtitle: string, send: string) {
    await page.goto(`${server.url}${url}`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByText(subtitle, { exact: true })).toHaveCount(1);
    await page.getByRole("button", { name: send }).click();
    await expect(page.locator("[data-sonner-toast][data-front='true']")).toContainText("Validation Error");
  }

  for (const { page: name, path: url, at, send } of formPages) {
    test(`${name}: hydrates and its form answers with the shipped copy and after an edit`, async ({
      page,
    }) => {
      const copy = JSON.parse(
        (await runCliIn(server.dataDir, "copy", "show", name, "--json")).stdout,
      ) as Record<string, { subtitle: string }>;
      const section = copy[at];
      if (!section) throw new Error(`no ${at} on ${name}`);
      await expectHydratedWithWorkingForm(page, url, section.subtitle, send);

      section.subtitle = edited(name);
      const file = path.join(server.dataDir, `${name}-copy.json`);
      writeFileSync(file, JSON.stringify(copy));
      expect((await runCliIn(server.dataDir, "copy", "set", name, "--from-file", file)).code).toBe(0);
      await expectHydratedWithWorkingForm(page, url, edited(name), send);
    });
  }
});

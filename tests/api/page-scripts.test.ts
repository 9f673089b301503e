import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CHUNK_LIST } from "#scripts/lib/client-module-list.ts";
import { pageScripts } from "#scripts/lib/page-scripts.ts";
import { workspaceModule } from "#scripts/lib/workspace-modules.ts";
import { resolveCopyIcons } from "#client/lib/copy-icons.server.ts";
import { projectRoot } from "#server/platform/config.ts";
import { copyIconNames } from "#shared/copy/copy-icons.ts";
import { paths } from "#shared/paths.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Pages with nothing interactive but links, the menu and consent load no framework
 * (docs/decisions/019-pages-without-a-framework.md): at most 20 KB of JavaScript (gzip) on
 * first load, counting every script the page starts. The pages with forms or the carousel
 * hydrate those parts alone, as islands (docs/decisions/064-islands.md), with no React Router:
 * at most 85 KB of script files (gzip) named by each. Read from the production build, as a
 * visitor gets each page.
 */

const BUDGET_BYTES = 20 * 1024;
/** Every script file a form page names, gzip level 9, as `npm run bench:pages` counts "named KB gz". */
const FORM_PAGE_BUDGET_BYTES = 85 * 1024;

let site: TestApp;
beforeAll(async () => {
  site = await createTestApp();
});
afterAll(async () => site.cleanup());

/** Gzipped bytes of the JavaScript a page starts on first load, and how it hydrates. */
async function firstLoadJavaScript(url: string) {
  await request(site.app).get(url);
  const res = await request(site.app).get(url);
  const scripts = pageScripts(res.text);
  const files = scripts.urls.map((asset) => readFileSync(path.join(projectRoot, "build", "client", asset)));
  // On a page that hydrates on interaction, the module script names its files but starts none.
  const started = scripts.hydration === "interaction" ? [] : files;
  const bytes = [...scripts.inline.map((code) => Buffer.from(code)), ...started].reduce(
    (sum, code) => sum + gzipSync(code, { level: 9 }).length,
    0,
  );
  return { res, scripts, bytes };
}

describe("pages with nothing to run but links, the menu and consent", () => {
  for (const url of [
    paths.home,
    paths.about,
    paths.services,
    paths.projects,
    paths.caseStudies,
    paths.caseStudy("craft"),
    paths.contact,
    paths.privacyPolicy,
    paths.thankYouWebApp,
    paths.thankYouWebsiteDesign,
    "/no/such/page",
  ]) {
    it(`${url}: no framework, no script file, and under 20 KB of JavaScript`, async () => {
      const { res, scripts, bytes } = await firstLoadJavaScript(url);
      expect(scripts.hydration).toBe("none");
      expect(scripts.urls).toEqual([]);
      expect(res.text).not.toContain("__reactRouterContext");
      expect(res.text).not.toContain('rel="modulepreload"');
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  it("/news: React is in the page but starts only when the newsletter form is used", async () => {
    const { scripts, bytes } = await firstLoadJavaScript(paths.news);
    expect(scripts.hydration).toBe("interaction");
    expect(scripts.urls.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe("pages with a form or the carousel", () => {
  // The carousel is an island where the page has more than one screenshot to show.
  const formOf: Array<[string, string]> = [
    [paths.websiteDesign, "website-design-lead"],
    [paths.webAppDevelopment, "web-app-lead"],
    [paths.bookAppointment, "appointment"],
  ];
  for (const [url, form] of formOf) {
    it(`${url}: hydrates its islands after the first paint, without React Router`, async () => {
      const { res, scripts } = await firstLoadJavaScript(url);
      const islands = [...res.text.matchAll(/ data-island="([a-z-]+)"/g)].map((match) => match[1]);
      expect(islands).toContain(form);
      if (url === paths.bookAppointment) expect(islands).toEqual([form]);
      expect(scripts.hydration).toBe("eager");
      const entries = scripts.urls.filter(
        (asset) => /^\/assets\/island-[a-z-]+-[\w-]+\.js$/.test(asset) && !asset.includes("/island-chunk-"),
      );
      expect(entries.map((asset) => /island-([a-z-]+)-[\w-]+\.js$/.exec(asset)?.[1]).sort()).toEqual(
        [...islands].sort(),
      );
      for (const island of islands) expect(res.text).toContain(`data-island="${island}"`);
      expect(scripts.urls.some((asset) => /entry\.client-/.test(asset))).toBe(false);
      expect(res.text).not.toContain("__reactRouterContext");
      expect(res.text).not.toContain("__reactRouterRouteModules");
      expect(res.text).toContain("requestAnimationFrame(");
    });
  }

  /** Gzipped bytes (level 9) of every script file the page names, loaded at once or on first use of a form. */
  async function namedScriptBytes(url: string): Promise<number> {
    const { scripts } = await firstLoadJavaScript(url);
    return scripts.urls
      .map((asset) => readFileSync(path.join(projectRoot, "build", "client", asset)))
      .reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  }

  for (const url of [paths.websiteDesign, paths.webAppDevelopment, paths.bookAppointment, paths.news]) {
    it(`${url}: names at most 85 KB of script (gzip)`, async () => {
      const bytes = await namedScriptBytes(url);
      // React and react-dom alone are about 70 KB: a page naming less has lost them.
      expect(bytes).toBeGreaterThan(60 * 1024);
      expect(bytes).toBeLessThanOrEqual(FORM_PAGE_BUDGET_BYTES);
    });
  }
});

describe("every page", () => {
  it("carries the site script and speculation rules, and no unload handler", async () => {
    for (const url of [paths.home, paths.websiteDesign]) {
      const { res } = await firstLoadJavaScript(url);
      expect(res.text).toContain('<script type="speculationrules">');
      expect(res.text).toContain('"page_view"');
      expect(res.text).not.toMatch(/unload/);
      expect(res.headers["cache-control"]).not.toMatch(/no-store/);
    }
  });
});

/**
 * What a hydrating page's script files hold, from the build's list of each chunk's modules
 * (docs/decisions/037-visitor-chunks.md): the pieces only the server, the workspace or the
 * appointment form need stay out of the files every hydrating page loads, and each page
 * names no more files than it did before the site's copy became editable.
 */
describe("the script files of pages that hydrate", () => {
  function chunkModules(): Record<string, string[]> {
    const listFile = path.join(projectRoot, "build", "client", CLIENT_CHUNK_LIST);
    try {
      return JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string[]>;
    } catch (error) {
      throw new Error(`No chunk list in ${listFile}: run \`npm run build\` first`, { cause: error });
    }
  }

  /** The modules of every script file the page names. */
  async function pageModules(url: string): Promise<{ files: string[]; modules: string[] }> {
    const chunks = chunkModules();
    const { scripts } = await firstLoadJavaScript(url);
    const files = scripts.urls.map((asset) => asset.replace(/^\//, ""));
    return { files, modules: files.flatMap((file) => chunks[file] ?? []) };
  }

  const commonChunk = () => {
    const chunks = chunkModules();
    const name = Object.keys(chunks).find((file) => /^assets\/common-[\w-]+\.js$/.test(file));
    if (!name) throw new Error("No common chunk in the build");
    return chunks[name] ?? [];
  };

  it("reads each chunk's modules from the build (self-test)", () => {
    const common = commonChunk();
    expect(common).toContain("shared/paths.ts");
    expect(common).toContain("client/lib/seo.ts");
  });

  it("common holds no page list, form rules, appointment dates or form-action messages", () => {
    const common = commonChunk();
    for (const id of [
      "shared/snippet-pages.ts",
      "shared/forms/appointment.ts",
      "shared/forms/rules.ts",
      "shared/forms/invisible-characters.ts",
      "shared/request-messages.ts",
      "shared/utf8-body.ts",
    ]) {
      expect(common, id).not.toContain(id);
    }
    expect(common.filter((id) => workspaceModule.test(`/${id}`))).toEqual([]);
  });

  for (const [url, form] of [
    [paths.news, "client/components/forms/newsletter-form.tsx"],
    [`${paths.news}/category/ai-technology`, "client/components/forms/newsletter-form.tsx"],
    [paths.bookAppointment, "client/components/forms/appointment-form.tsx"],
    [paths.websiteDesign, "client/components/forms/website-design-lead-form.tsx"],
    [paths.webAppDevelopment, "client/components/forms/web-app-lead-form.tsx"],
  ] as const) {
    it(`${url}: its form, and no router, page list, workspace module, or another page's form`, async () => {
      const { modules } = await pageModules(url);
      expect(modules).toContain(form);
      expect(modules.some((id) => id.startsWith("node_modules/react-dom/"))).toBe(true);
      expect(modules.filter((id) => id.startsWith("node_modules/react-router"))).toEqual([]);
      expect(modules).not.toContain("client/root.tsx");
      expect(modules).not.toContain("client/lib/seo.ts");
      expect(modules).not.toContain("shared/snippet-pages.ts");
      // Full zod stays on the server; the forms' schemas load on first use, from zod/mini.
      expect(modules.filter((id) => id.startsWith("node_modules/zod/v4/classic"))).toEqual([]);
      expect(modules.filter((id) => /-schema\.ts$/.test(id))).toEqual([]);
      expect(modules.filter((id) => workspaceModule.test(`/${id}`))).toEqual([]);
      if (url !== paths.bookAppointment) expect(modules).not.toContain("shared/forms/appointment.ts");
    });
  }

  it("the form rules and their invisible-character check come in one file, in each build", async () => {
    const chunks = chunkModules();
    // The islands' files (scripts/lib/islands-plugin.ts), and the workspace's build.
    for (const islands of [true, false]) {
      const holding = (id: string) =>
        Object.keys(chunks).filter(
          (file) => file.startsWith("assets/island-") === islands && chunks[file]?.includes(id),
        );
      expect(holding("shared/forms/rules.ts")).toHaveLength(1);
      expect(holding("shared/forms/invisible-characters.ts")).toEqual(holding("shared/forms/rules.ts"));
    }
  });

  /** Lucide's icon module of each component name it exports, read from its index. */
  function lucideIconFiles(): Map<string, string> {
    const index = readFileSync(
      path.join(projectRoot, "node_modules/lucide-react/dist/esm/lucide-react.mjs"),
      "utf8",
    );
    const files = new Map<string, string>();
    for (const [, names = "", file = ""] of index.matchAll(
      /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
    )) {
      for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) files.set(name, file);
    }
    return files;
  }

  /** The icon modules the visitor pages' own code imports from lucide (not the workspace's). */
  function visitorIconFiles(): Set<string> {
    const files = lucideIconFiles();
    const sources = readdirSync(path.join(projectRoot, "client"), {
      recursive: true,
      encoding: "utf8",
    }).filter((file) => /\.tsx?$/.test(file) && !workspaceModule.test(`/client/${file}`));
    const used = new Set<string>();
    for (const file of sources) {
      const source = readFileSync(path.join(projectRoot, "client", file), "utf8");
      for (const [, names = ""] of source.matchAll(/import \{([^}]+)\} from "lucide-react"/g)) {
        for (const name of names.split(",").map((part) => part.trim())) {
          const icon = files.get(name);
          if (icon) used.add(icon);
        }
      }
    }
    return used;
  }

  it("no visitor page's files hold the copy icons' modules: their drawings come as loader data", async () => {
    // Lucide names each icon's data after its module.
    const allIcons = resolveCopyIcons(copyIconNames.map((icon) => ({ icon })));
    const copyOnly = Object.values(allIcons)
      .map((data) => data.name)
      .filter((name) => !visitorIconFiles().has(name))
      .map((name) => `node_modules/lucide-react/dist/esm/icons/${name}.mjs`);
    expect(Object.keys(allIcons)).toHaveLength(copyIconNames.length);
    expect(copyOnly.length).toBeGreaterThan(0);

    const visitorModules = [commonChunk()];
    for (const url of [
      paths.websiteDesign,
      paths.webAppDevelopment,
      paths.news,
      `${paths.news}/category/ai-technology`,
      paths.bookAppointment,
    ]) {
      visitorModules.push((await pageModules(url)).modules);
    }
    for (const modules of visitorModules) {
      expect(modules.filter((id) => id.startsWith("client/lib/copy-icons"))).toEqual([]);
      expect(modules.filter((id) => copyOnly.includes(id))).toEqual([]);
    }
  });

  // As many as before the site's copy became editable (the route manifest's names included).
  const fileLimits: Array<[string, number]> = [
    [paths.websiteDesign, 13],
    [paths.webAppDevelopment, 13],
    [paths.news, 10],
    [`${paths.news}/category/ai-technology`, 11],
    [paths.bookAppointment, 11],
  ];
  for (const [url, limit] of fileLimits) {
    it(`${url}: names at most ${limit} script files`, async () => {
      const { files } = await pageModules(url);
      expect(files.length).toBeLessThanOrEqual(limit);
    });
  }
});

import { describe, expect, it } from "vitest";
import { areasOf, areaOfPath, areaWork, mayUse, roleDescription, staffRoles } from "./staff-roles";
import { staffPath, staffPaths } from "./staff-paths";

/**
 * A role's description is made of its areas (docs/decisions/068-roles-that-fit.md): it says
 * what the role table gives, no more, no less, so the invitation form cannot promise an
 * editor the snippets and then refuse them.
 */
describe("the role descriptions", () => {
  it("name every area a role is given, and none it is not", () => {
    for (const role of staffRoles) {
      const description = roleDescription(role);
      for (const [area, work] of Object.entries(areaWork)) {
        expect(description.includes(work), `${role} / ${area}`).toBe(areasOf(role).includes(area as never));
      }
    }
  });

  it("tell an editor they edit every page, its snippet and the posts, and change the contact details", () => {
    expect(roleDescription("editor")).toBe(
      "Editor: edits every page’s words and search snippet, projects, news, case studies and screenshots; changes the phone number, street address, LinkedIn page and the map.",
    );
    expect(roleDescription("sales")).toBe(
      "Sales: follows up leads and appointment requests, and runs the meetings.",
    );
  });
});

describe("the areas of the workspace's pages", () => {
  it("give editors pages, snippets, posts and the settings page, and sales none of them", () => {
    const editorPages = [
      staffPaths.pages,
      staffPath(staffPaths.pageEdit, { page: "home" }),
      staffPaths.snippets,
      staffPath(staffPaths.snippetEdit, { page: "home" }),
      staffPath(staffPaths.content, { kind: "news" }),
      staffPaths.screenshots,
      staffPaths.settings,
    ];
    for (const path of editorPages) {
      const area = areaOfPath(path);
      expect(area, path).not.toBeNull();
      expect(mayUse("editor", area ?? "users"), path).toBe(true);
      expect(mayUse("sales", area ?? "users"), path).toBe(false);
    }
    expect(mayUse("editor", "settings")).toBe(false);
    expect(mayUse("editor", "users")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { camelCase, pickCamelCased } from "./pick-camel-cased";

describe("pickCamelCased", () => {
  const row = {
    id: 7,
    consent_text: "Yes, send me the newsletter",
    unsubscribe_token: "secret",
    created_at: "2026-01-05T08:00:00.000Z",
  };

  it("renames each snake_case column to camelCase", () => {
    expect(camelCase("consent_text")).toBe("consentText");
    expect(camelCase("project_details")).toBe("projectDetails");
    expect(camelCase("unsubscribed_at")).toBe("unsubscribedAt");
    expect(camelCase("id")).toBe("id");
  });

  it("keeps the columns named, in the order named, and nothing else", () => {
    const picked = pickCamelCased(row, ["created_at", "id", "consent_text"]);
    expect(picked).toEqual({
      createdAt: "2026-01-05T08:00:00.000Z",
      id: 7,
      consentText: "Yes, send me the newsletter",
    });
    // Key order is what --json prints and the export's columns follow.
    expect(Object.keys(picked)).toEqual(["createdAt", "id", "consentText"]);
    expect(JSON.stringify(picked)).not.toContain("secret");
  });
});

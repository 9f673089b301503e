import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { renderAcknowledgment } from "./acknowledgment-message";

const ctx = loadConfig({
  MAIL_TO: "leads@agency.test",
  MAIL_FROM: "Agency website <noreply@agency.test>",
  SITE_URL: "https://agency.test",
});
const sha256 = (part: unknown) => createHash("sha256").update(String(part)).digest("hex");

/** An acknowledgment as it was queued before it carried the pages' copy. */
const queuedBefore = (form: string) => ({
  messageId: "<m@agency.test>",
  form,
  email: "ann@one.test",
  greetingName: "Ann Lee",
  choices: [{ label: "Budget", value: "R30k - R60k" }],
});

describe("the acknowledgment's next steps", () => {
  it("renders a message queued before it carried the pages' copy as it did then", () => {
    // The text and HTML parts this function built for these payloads before the change.
    const before: Record<string, [string, string]> = {
      "website-design-lead": [
        "56036b6947815e8fad1a7bf3c306cf8c10021a29beb46755d67ad134840dfcaf",
        "0d7c4a993ba8e3d9617d128c290609bfc6e46c5a2b1b339d3faf81a40a0d2dea",
      ],
      "web-app-lead": [
        "3332142017e20c3434219cd59087f67bc6264a0bb22c8e505617227d366e30b2",
        "aad312ae21c188007737fe41eb9e0f20d6753109600ae3c5b216168b572f0752",
      ],
      "appointment-request": [
        "fefab716bcf280cd17d8f5d8e7d4635bf9c5648e0e9b2d98476f3e8cce8caa94",
        "7ae83052be4db4d2a48d07cdf5db6054a3d19aacc84372e70c3d7f0cf34e4ae8",
      ],
    };
    for (const [form, hashes] of Object.entries(before)) {
      const message = renderAcknowledgment(queuedBefore(form), ctx);
      expect([sha256(message.text), sha256(message.html)]).toEqual(hashes);
    }
  });

  it("fills {brand} from the settings when sent, and ends a text heading with a colon only where it needs one", () => {
    const message = renderAcknowledgment(
      {
        ...queuedBefore("web-app-lead"),
        nextTitle: "What comes next?",
        nextSteps: ["{brand} calls you."],
      },
      ctx,
    );
    expect(message.text).toContain(`\nWhat comes next?\n1. ${ctx.settings.brandName} calls you.\n`);
    expect(message.html).toContain(`<li>${ctx.settings.brandName} calls you.</li>`);
  });

  it("refuses a payload whose steps are empty", () => {
    expect(() => renderAcknowledgment({ ...queuedBefore("web-app-lead"), nextSteps: [] }, ctx)).toThrow();
  });
});

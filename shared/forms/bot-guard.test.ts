import { describe, expect, it } from "vitest";
import { botGuardFields, separateBotGuardFields } from "./bot-guard";

describe("bot guard fields", () => {
  it("splits its fields off the form's own", () => {
    const input = { fullName: "Jane", [botGuardFields.honeypot]: "", [botGuardFields.startedAt]: "123" };
    expect(separateBotGuardFields(input)).toEqual({
      fields: { fullName: "Jane" },
      honeypot: "",
      startedAt: "123",
    });
    expect(separateBotGuardFields("text").fields).toBe("text");
  });
});

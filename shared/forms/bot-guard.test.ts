import { describe, expect, it } from "vitest";
import { botGuardFields, checkBotGuard, separateBotGuardFields } from "./bot-guard";

const now = 1_800_000_000_000;
const options = { now, minFillMs: 2_000 };

describe("bot guard", () => {
  it("splits its fields off the form's own", () => {
    const input = { fullName: "Jane", [botGuardFields.honeypot]: "", [botGuardFields.startedAt]: "123" };
    expect(separateBotGuardFields(input)).toEqual({
      fields: { fullName: "Jane" },
      honeypot: "",
      startedAt: "123",
    });
    expect(separateBotGuardFields("text").fields).toBe("text");
  });

  it("passes a person who took their time", () => {
    expect(checkBotGuard({ honeypot: "", startedAt: now - 30_000 }, options)).toBe("ok");
    expect(checkBotGuard({ honeypot: undefined, startedAt: String(now - 2_000) }, options)).toBe("ok");
  });

  it("catches a filled honeypot", () => {
    expect(checkBotGuard({ honeypot: "https://spam.example", startedAt: now - 30_000 }, options)).toBe(
      "honeypot",
    );
    expect(checkBotGuard({ honeypot: 1, startedAt: now - 30_000 }, options)).toBe("honeypot");
  });

  it("catches a form sent faster than the minimum fill time, or dated in the future", () => {
    expect(checkBotGuard({ honeypot: "", startedAt: now - 500 }, options)).toBe("too-fast");
    expect(checkBotGuard({ honeypot: "", startedAt: now + 60_000 }, options)).toBe("too-fast");
  });

  it("flags a missing or unreadable start time", () => {
    for (const startedAt of [undefined, "", "yesterday", null, {}]) {
      expect(checkBotGuard({ honeypot: "", startedAt }, options)).toBe("missing-start");
    }
  });

  it("with no minimum, only needs the start field to be there", () => {
    expect(checkBotGuard({ honeypot: "", startedAt: now }, { now, minFillMs: 0 })).toBe("ok");
  });
});

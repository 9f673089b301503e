import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkPolicy, operationPolicies, STEP_UP_MS, signInChangeStepUp } from "./policy";

/**
 * The policy table of docs/decisions/048-operation-policy.md is the code's: rendered from
 * operationPolicies, it must match the record's row for row, so neither changes alone.
 */
function renderTable(): string[] {
  return Object.entries(operationPolicies).map(([name, policy]) => {
    const audit = policy.audit === null ? "none" : `\`${policy.audit}\``;
    const notice = policy.notice.length > 0 ? policy.notice.join(", ") : "none";
    return `| \`${name}\` | ${policy.area} | ${policy.stepUp ? "yes" : "no"} | ${audit} | ${notice} |`;
  });
}

function recordedTable(): string[] {
  const record = readFileSync(
    new URL("../../docs/decisions/048-operation-policy.md", import.meta.url),
    "utf8",
  );
  return record.split("\n").filter((line) => /^\| `[a-z-]+\.[a-z-]+` \|/.test(line));
}

describe("the operation policy", () => {
  it("is the table decision 048 records", () => {
    expect(recordedTable()).toEqual(renderTable());
  });

  it("lets the CLI by without a proof, and no other door without a fresh one", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    const stale = new Date(now.getTime() - STEP_UP_MS - 1).toISOString();
    const fresh = new Date(now.getTime() - 60_000).toISOString();
    const who = { actor: "boss@agency.test", ip: "203.0.113.1" };
    for (const [name, policy] of Object.entries(operationPolicies)) {
      const operation = name as keyof typeof operationPolicies;
      expect(checkPolicy(operation, { ...who, door: "cli" }, now), name).toBeUndefined();
      expect(
        checkPolicy(operation, { ...who, door: "workspace", provedAt: fresh }, now),
        name,
      ).toBeUndefined();
      const refused = checkPolicy(operation, { ...who, door: "workspace", provedAt: stale }, now);
      // A door that forgets to say who it is counts as one without a proof.
      const forgotten = checkPolicy(operation, who, now);
      if (!policy.stepUp) {
        expect(refused, name).toBeUndefined();
        continue;
      }
      expect(refused?.reason, name).toBe("step-up");
      expect(forgotten?.reason, name).toBe("step-up");
      // Each change says what it is, but the sign-in changes keep 032's sentence.
      const message = "stepUpMessage" in policy ? policy.stepUpMessage : signInChangeStepUp;
      expect(refused?.message, name).toBe(message);
    }
  });

  it("refuses a role outside the operation's area", () => {
    const refusal = checkPolicy(
      "user.disable",
      {
        actor: "editor@agency.test",
        ip: "x",
        door: "workspace",
        role: "editor",
        provedAt: new Date().toISOString(),
      },
      new Date(),
    );
    expect(refusal?.reason).toBe("forbidden");
  });
});

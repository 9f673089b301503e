import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditActions, auditGroups, isAuditAction } from "#shared/audit-actions.ts";
import { auditSentence } from "./audit-sentences";

/** Every source file of the server, but its tests. */
function serverSources(dir = "server"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** What a detail may hold that must never be shown: it is in no sentence's fields. */
const secrets = {
  token: "tok-SECRET-1",
  password: "hunter2-SECRET",
  secret: "JBSWY3DP-SECRET",
  code: "123456-SECRET",
  body: "the body SECRET",
};

/** A detail with every field some sentence reads, plus the secrets. */
const fullDetail = {
  ...secrets,
  role: "admin",
  from: "editor",
  to: "contacted",
  method: "passkey",
  reason: "wrong-password",
  retryAfterSeconds: 300,
  sessions: 2,
  name: "Work laptop",
  changed: ["contactEmail", "phone"],
  read: true,
  before: "2026-11-01T00:00:00.000Z",
  deleted: 3,
  start: "2026-12-03T08:00:00.000Z",
  publishAt: "2026-12-04T06:30:00.000Z",
  page: "website-design",
};

const actor = "thandi@agency.test";

describe("the audit log's sentences", () => {
  it("lists each action once, in one group", () => {
    expect(new Set(auditActions).size).toBe(auditActions.length);
    expect(auditGroups.map((group) => group.label)).toContain("Accounts and roles");
  });

  it("has a sentence for every action the server writes", () => {
    const written = new Set<string>();
    for (const file of serverSources()) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(
        /\baction: (?:[^,\n]*\? )?"([a-z-]+\.[a-z-]+)"(?: : "([a-z-]+\.[a-z-]+)")?/g,
      )) {
        for (const action of match.slice(1)) if (action) written.add(action);
      }
      // The command line's changing commands: ["appointments confirm", "appointment.confirm"].
      for (const match of source.matchAll(/\["[a-z ]+", "([a-z-]+\.[a-z-]+)"\]/g))
        written.add(match[1] ?? "");
      for (const match of source.matchAll(/\b(?:confirmed|rescheduled|cancelled): "([a-z-]+\.[a-z-]+)"/g)) {
        written.add(match[1] ?? "");
      }
      // The preview links' actions, one per area.
      if (source.includes("`${audited.area}.preview-link`")) {
        for (const area of ["copy", "content"])
          written.add(`${area}.preview-link`).add(`${area}.preview-revoke`);
      }
    }
    expect(written.size).toBeGreaterThan(40);
    const unlisted = [...written].filter((action) => !isAuditAction(action));
    expect(unlisted).toEqual([]);
  });

  it.each(auditActions)("writes %s as a sentence without codes, JSON or secrets", (action) => {
    for (const [target, targetName] of [
      ["sipho@agency.test", undefined],
      ["wd-12", "Jane Doe"],
      ["news/launch-week", "Launch week"],
      ["home", undefined],
      [null, undefined],
    ] as const) {
      const sentence = auditSentence({ actor, action, target, detail: fullDetail, targetName });
      expect(sentence).toMatch(/^[A-Za-z].*\.$/);
      expect(sentence).not.toContain(action);
      expect(sentence).not.toMatch(/[{}[\]]|undefined|null|NaN|\[object/);
      for (const secret of Object.values(secrets)) expect(sentence).not.toContain(secret);
      // Without any detail it still reads.
      expect(auditSentence({ actor, action, target, detail: null })).toMatch(/^[A-Za-z].*\.$/);
    }
  });

  it("names people, leads, pages and items", () => {
    const say = (
      action: string,
      target: string | null,
      detail: Record<string, unknown> | null,
      name?: string,
    ) => auditSentence({ actor, action, target, detail, targetName: name });
    expect(say("staff.role-changed", "sipho@agency.test", { from: "sales", to: "admin" })).toBe(
      "thandi@agency.test made sipho@agency.test an admin (was a sales person).",
    );
    expect(say("session.sign-in", null, { method: "password+totp" })).toBe(
      "thandi@agency.test signed in with a password and code.",
    );
    expect(say("settings.update", "settings", { changed: ["agencyInbox"] })).toBe(
      "thandi@agency.test changed the agency inbox.",
    );
    expect(say("lead.status", "wd-12", { from: "new", to: "contacted" }, "Jane Doe")).toBe(
      "thandi@agency.test marked Jane Doe's website design enquiry as contacted.",
    );
    expect(say("lead.status", "ap-7", { to: "won" })).toBe(
      "thandi@agency.test marked an appointment request that is no longer kept as won.",
    );
    expect(say("lead.assigned", "wa-3", { from: null, to: actor }, "Sam Dlamini")).toBe(
      "thandi@agency.test took Sam Dlamini's web app enquiry.",
    );
    expect(say("copy.publish", "home", { revision: 4 })).toBe(
      "thandi@agency.test published changes to the Home page.",
    );
    expect(say("content.update", "news/launch-week", { fields: ["title"] }, "Launch week")).toBe(
      "thandi@agency.test changed the news post “Launch week”.",
    );
    expect(say("appointment.confirm", "ap-7", { start: "2026-12-03T08:00:00.000Z" }, "Jane Doe")).toBe(
      "thandi@agency.test confirmed Jane Doe's appointment request for 3 Dec 2026, 10:00.",
    );
    expect(
      auditSentence({
        actor: "cli:deploy",
        action: "user.invite",
        target: "a@agency.test",
        detail: { role: "editor" },
      }),
    ).toBe("Someone at the command line invited a@agency.test to join as an editor.");
    expect(
      auditSentence({
        actor: "system:scheduled-publishing",
        action: "content.publish",
        target: "news/x",
        detail: null,
      }),
    ).toBe("Scheduled publishing published the news post “x”.");
  });

  it("says a restore brought a version back", () => {
    const restore = (action: string, target: string | null, restoredFrom?: string) =>
      auditSentence({ actor, action, target, detail: { note: "Restored revision 2" }, restoredFrom });
    expect(restore("copy.publish", "home", "2026-11-28T12:05:00.000Z")).toBe(
      "thandi@agency.test restored the Home page to the version of 28 Nov 2026, 14:05.",
    );
    expect(restore("settings.update", "settings")).toBe(
      "thandi@agency.test restored the site settings to its revision 2.",
    );
    expect(restore("content.update", "news/launch-week")).toBe(
      "thandi@agency.test restored the news post “launch week” to its revision 2.",
    );
  });

  it("reads an action this version does not know as a sentence, never its code or detail", () => {
    const sentence = auditSentence({
      actor,
      action: "legacy.thing",
      target: "x",
      detail: { token: "SECRET" },
    });
    expect(sentence).toBe(
      "thandi@agency.test made a change this version of the workspace does not describe.",
    );
  });
});

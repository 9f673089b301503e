import { describe, expect, it } from "vitest";
import { suspectedSpamReason, suspectedSpamWords } from "./inbox";
import { leadKind, leadReference, nameLead } from "./lead-names";
import { notificationKindLabel, notificationKindLabels } from "./notification-kinds";

/** The workspace's words for what staff handle (docs/decisions/075-names-not-ids.md). */
describe("naming a lead", () => {
  it("names it by person and form, its form alone at the start of a line, and its id only after Reference", () => {
    expect(nameLead("Thandi Nkosi", "website-design")).toBe("Thandi Nkosi's website design enquiry");
    expect(nameLead("Sipho Dlamini", "web-app")).toBe("Sipho Dlamini's web app enquiry");
    expect(nameLead("Lerato Mokoena", "appointment")).toBe("Lerato Mokoena's appointment request");
    expect(leadKind("website-design")).toBe("Website design enquiry");
    expect(leadKind("appointment")).toBe("Appointment request");
    expect(leadReference("wd-12")).toBe("Reference wd-12");
  });
});

describe("a bot trap's reason", () => {
  it("is said in words, the same on the lead's page and in the export", () => {
    expect(suspectedSpamReason("too-fast")).toBe("sent too fast after the form opened");
    expect(suspectedSpamWords("honeypot")).toBe("Yes: the hidden field was filled in");
    expect(suspectedSpamWords(null)).toBe("No");
    // A reason a newer version stored, which no list here knows, is shown as it is.
    expect(suspectedSpamWords("new-trap")).toBe("Yes: new-trap");
  });
});

describe("an e-mail's kind", () => {
  it("has words for every kind, none of them the stored code", () => {
    for (const [kind, label] of Object.entries(notificationKindLabels)) {
      expect(label).not.toBe(kind);
      expect(label).not.toMatch(/[a-z]-[a-z]+-[a-z]|[a-z][A-Z]/);
    }
    expect(notificationKindLabel("appointment-reminder")).toBe("Meeting reminder");
    expect(notificationKindLabel("from-a-newer-version")).toBe("from-a-newer-version");
  });
});

import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "#shared/site-settings.ts";
import { renderAgencyNotification } from "./agency-notification-message";
import { renderOperationsAlert } from "./alert-message";
import type { MailContext } from "./mail-context";
import { renderFollowUpReminder } from "./reminder-message";
import { renderWeeklyReportMessage } from "./weekly-report-message";

/**
 * Staff e-mails speak the workspace's language: each lead is named by its person and form,
 * its id only a detail, and each action is a link to the workspace page where it is done.
 * Nobody reading them needs a shell.
 */

const ctx = {
  settings: { ...defaultSiteSettings, brandName: "Kloof Digital", siteUrl: "https://www.agency.test/" },
  mail: { from: "Kloof Digital website <site@agency.test>", to: "leads@agency.test" },
} as MailContext;

const both = (mail: { text?: unknown; html?: unknown }) => `${String(mail.text)}\n${String(mail.html)}`;

describe("the agency's e-mail about a new enquiry", () => {
  const notification = {
    messageId: "<n@agency.test>",
    recordId: "7",
    summary: "Thandi Nkosi · Nkosi Consulting",
    visitorName: "Thandi Nkosi",
    visitorEmail: "thandi@example.co.za",
    submittedAt: "2026-11-28T12:05:00.000Z",
    fields: [{ label: "Name", value: "Thandi Nkosi" }],
  };

  it("names the request by person and form, links its page, and holds no command", () => {
    const mail = renderAgencyNotification("appointment-request", notification, ctx);
    const lines = String(mail.text).split("\n");
    expect(lines.slice(2, 5)).toEqual([
      "Thandi Nkosi's appointment request came in through the Kloof Digital website (ap-7).",
      "Open it in the workspace: https://www.agency.test/admin/leads/ap-7",
      "Next: reply to this e-mail to agree the time with Thandi Nkosi, then confirm the meeting on its page, which sends the calendar invitation.",
    ]);
    expect(mail.subject).toBe("New appointment request: Thandi Nkosi (ap-7)");
    expect(String(mail.html)).toContain('<a href="https://www.agency.test/admin/leads/ap-7"');
    expect(both(mail)).not.toMatch(/site-admin|<code/);
  });

  it("names a web-app lead by its form as well", () => {
    const mail = renderAgencyNotification(
      "web-app-lead",
      { ...notification, recordId: "wa-3", visitorName: "Sipho Dlamini" },
      ctx,
    );
    expect(String(mail.text)).toContain(
      "Sipho Dlamini's web app enquiry came in through the Kloof Digital website (wa-3).",
    );
    expect(both(mail)).not.toContain("site-admin");
  });
});

describe("the follow-up reminder", () => {
  const lead = {
    id: "wd-12",
    what: "Website-design lead",
    name: "Thandi Nkosi",
    email: "thandi@example.co.za",
    company: "Nkosi Consulting",
    received: "2026-11-27 09:00",
    answerBy: "2026-11-28 09:00",
    owner: null,
  };

  it("names each lead by person and form and links its page and the list of all overdue", () => {
    const mail = renderFollowUpReminder(
      { messageId: "<r@agency.test>", thresholdHours: 20, leads: [lead], remindedEarlier: 2 },
      ctx,
    );
    const text = String(mail.text);
    expect(text).toContain(
      [
        "Thandi Nkosi's website design enquiry (Nkosi Consulting, thandi@example.co.za)",
        "  received 2026-11-27 09:00, answer by 2026-11-28 09:00",
        "  owner: nobody yet",
        "  In the workspace as wd-12: https://www.agency.test/admin/leads/wd-12",
      ].join("\n"),
    );
    expect(text).toContain(
      "2 more still new from earlier reminders. Every lead still new past the threshold is listed in the workspace:\nhttps://www.agency.test/admin/leads?overdue=1",
    );
    expect(String(mail.html)).toContain('<a href="https://www.agency.test/admin/leads?overdue=1">');
    expect(both(mail)).not.toMatch(/site-admin|<code/);
  });

  it("shows no command from a reminder queued when reminders still carried one", () => {
    const mail = renderFollowUpReminder(
      {
        messageId: "<r@agency.test>",
        thresholdHours: 20,
        leads: [{ ...lead, id: "3", command: "site-admin appointments status 3 contacted" }],
        remindedEarlier: 0,
      },
      ctx,
    );
    expect(String(mail.text)).toContain("Thandi Nkosi's appointment request (Nkosi Consulting");
    expect(String(mail.text)).toContain("In the workspace as ap-3: https://www.agency.test/admin/leads/ap-3");
    expect(both(mail)).not.toContain("site-admin");
  });
});

describe("the operator's alert", () => {
  it("sends the operator to the Notifications page for what the workspace does, in words for the rest", () => {
    const mail = renderOperationsAlert(
      {
        messageId: "<a@agency.test>",
        to: "ops@agency.test",
        condition: "dead-mail",
        openedAt: "2026-11-28T12:00:00.000Z",
        pending: 0,
        dead: 2,
        oldestPendingAgeSeconds: null,
        thresholdMinutes: 30,
      },
      ctx,
    );
    expect(String(mail.text)).toContain(
      "1. See which ones, and why, on the workspace's Notifications page: https://www.agency.test/admin/notifications\n" +
        "2. Fix the cause (SMTP_URL, the mail server, a rejected address), then send them again there with Retry all dead.",
    );
    expect(String(mail.html)).toContain('<a href="https://www.agency.test/admin/notifications">');
    expect(both(mail)).not.toMatch(/site-admin|<code/);
  });
});

describe("the weekly report", () => {
  it("links to Insights and the account page, and holds no command", () => {
    const mail = renderWeeklyReportMessage(
      {
        messageId: "<w@agency.test>",
        to: "owner@agency.test",
        week: { from: "2026-11-16", to: "2026-11-22" },
        visits: { label: "Visits", value: 3, previous: 0, change: null },
        leads: { label: "Leads", value: 1, previous: 0, change: null },
        sources: [{ name: "LinkedIn", leads: 1 }],
        campaigns: [],
      },
      ctx,
    );
    expect(String(mail.text)).toContain(
      "https://www.agency.test/admin/insights?from=2026-11-16&to=2026-11-22",
    );
    expect(String(mail.text)).toContain("https://www.agency.test/admin/account");
    expect(both(mail)).not.toMatch(/site-admin|<code|\b(wd|wa|ap)-\d/);
  });
});

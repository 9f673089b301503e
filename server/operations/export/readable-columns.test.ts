import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { AppointmentRecord } from "#server/operations/meetings/appointment-records.ts";
import { formatLocalDateTimeWithOffset } from "#server/operations/agency-time.ts";
import type { LeadRecord } from "#server/operations/leads/stored-leads.ts";
import type { SubscriberRecord } from "#server/operations/subscribers/subscriber-records.ts";
import { leadSourceColumns } from "#shared/lead-source.ts";
import { toCsv } from "./csv";
import {
  appointmentCsvColumns,
  leadCsvColumns,
  readableRows,
  subscriberCsvColumns,
  type ReadableColumn,
} from "./readable-columns";

const noSource = Object.fromEntries(leadSourceColumns.map((name) => [name, null])) as Record<
  (typeof leadSourceColumns)[number],
  null
>;
const submission = {
  read: true,
  suspectedSpam: null,
  createdAt: "2026-11-28T12:05:00.000Z",
  status: "contacted" as const,
  statusNote: "Called back",
  statusBy: "Ayesha",
  statusAt: "2026-11-28T22:15:00.000Z",
};

/** The CSV as a spreadsheet reads it back: one object per row, keyed by header. */
function exported<Row>(columns: ReadableColumn<Row>[], records: Row[]) {
  const text = toCsv(
    columns.map((column) => column.header),
    readableRows(columns, records),
  );
  expect(text.startsWith("\uFEFF")).toBe(true);
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

describe("times in the CSV", () => {
  it("are the agency's wall clock with its offset, across midnight and year end", () => {
    expect(formatLocalDateTimeWithOffset("2026-11-28T12:05:00.000Z")).toBe("2026-11-28 14:05 +02:00");
    expect(formatLocalDateTimeWithOffset("2026-12-31T22:30:00.000Z")).toBe("2027-01-01 00:30 +02:00");
    expect(formatLocalDateTimeWithOffset(null)).toBe("");
  });
});

describe("the leads CSV", () => {
  const lead: LeadRecord = {
    id: "wd-12",
    type: "website-design",
    fullName: "Thandi Nkosi",
    companyName: "=Nkosi Consulting",
    email: "thandi@example.co.za",
    phoneNumber: null,
    websiteType: "new-build",
    budget: "30k-60k",
    timeline: "not-sure",
    industry: null,
    companySize: null,
    ...submission,
    ...noSource,
    utmSource: "linkedin",
    clickIdKind: "fbclid",
    clickId: "abc",
    owner: "sales@agency.test",
  };

  it("has headers in words, the forms' labels for choices, local time, and words for yes and no", () => {
    const [row] = exported(leadCsvColumns, [lead]);
    expect(Object.keys(row ?? {}).slice(0, 5)).toEqual([
      "Reference",
      "Form",
      "Full name",
      "Company name",
      "E-mail",
    ]);
    expect(row).toMatchObject({
      Reference: "wd-12",
      Form: "Website design",
      // Formula-looking text is still defused.
      "Company name": "'=Nkosi Consulting",
      "Website type": "New website build",
      Budget: "R30k - R60k",
      Timeline: "Not sure yet",
      Received: "2026-11-28 14:05 +02:00",
      Read: "Yes",
      "Suspected spam": "No",
      Status: "Contacted",
      "Status set": "2026-11-29 00:15 +02:00",
      "Campaign source": "linkedin",
      "Paid click": "Meta ads",
      Owner: "sales@agency.test",
    });
    expect(Object.keys(row ?? {}).at(-1)).toBe("Owner");
  });

  it("keeps a choice no list knows as it was stored, and says why a bot trap held one back", () => {
    const [row] = exported(leadCsvColumns, [
      { ...lead, type: "web-app", budget: null, companySize: "5000+", suspectedSpam: "too-fast" },
    ]);
    expect(row).toMatchObject({
      Form: "Web app",
      Budget: "",
      "Company size": "5000+",
      "Suspected spam": "Yes: sent too fast after the form opened",
    });
  });
});

describe("the appointments CSV", () => {
  it("names the request as the workspace does, the service by its label and the meeting in words", () => {
    const request: AppointmentRecord = {
      id: 7,
      name: "Sipho Dlamini",
      email: "sipho@example.co.za",
      phone: "+27825550142",
      company: null,
      serviceType: "ui-ux",
      preferredDate: "2026-12-01",
      preferredTime: "10:00 AM",
      projectDetails: "A new booking app.",
      ...submission,
      schedule: "confirmed",
      scheduledStart: "2026-12-01T08:00:00.000Z",
      scheduledMinutes: 45,
      ...noSource,
      owner: null,
    };
    const [row] = exported(appointmentCsvColumns, [request]);
    expect(row).toMatchObject({
      Reference: "ap-7",
      Phone: "'+27825550142",
      "Service type": "UI/UX Design",
      Meeting: "Confirmed",
      "Meeting starts": "2026-12-01 10:00 +02:00",
      "Meeting length (minutes)": "45",
      Owner: "",
    });
  });
});

describe("the subscribers CSV", () => {
  it("says where each subscription stands in words", () => {
    const subscriber: SubscriberRecord = {
      id: 3,
      email: "reader@example.co.za",
      status: "pending",
      consentText: "Send me the newsletter.",
      consentedAt: "2026-11-28T12:05:00.000Z",
      confirmedAt: null,
      unsubscribedAt: null,
      suspectedSpam: null,
      createdAt: "2026-11-28T12:05:00.000Z",
    };
    const [row] = exported(subscriberCsvColumns, [subscriber]);
    expect(row).toEqual({
      Reference: "3",
      "E-mail": "reader@example.co.za",
      Status: "Waiting for confirmation",
      "Agreed to": "Send me the newsletter.",
      Agreed: "2026-11-28 14:05 +02:00",
      Confirmed: "",
      Unsubscribed: "",
      "Suspected spam": "No",
      "Signed up": "2026-11-28 14:05 +02:00",
    });
  });
});

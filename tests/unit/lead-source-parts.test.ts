import { describe, expect, it } from "vitest";
import { leadSourceColumns, listRecordedSourceParts, type LeadSource } from "#shared/lead-source.ts";

/** The parts a lead's workspace page and `leads show` list under its source sentence. */
const none = Object.fromEntries(leadSourceColumns.map((name) => [name, null])) as LeadSource;

describe("a lead's recorded source parts", () => {
  it("lists only the parts recorded, labelled, in column order, a paid click named by whose it is", () => {
    const parts = listRecordedSourceParts({
      ...none,
      clickIdKind: "gclid",
      clickId: "abc123",
      landingPage: "/",
      utmSource: "linkedin",
    });
    expect(parts).toEqual([
      { name: "landingPage", label: "Landing page", value: "/" },
      { name: "utmSource", label: "Campaign source", value: "linkedin" },
      { name: "clickIdKind", label: "Paid click", value: "Google Ads" },
      { name: "clickId", label: "Click id", value: "abc123" },
    ]);
  });

  it("keeps a click kind it does not know as recorded, and lists nothing when nothing was recorded", () => {
    expect(listRecordedSourceParts({ ...none, clickIdKind: "msclkid" })).toEqual([
      { name: "clickIdKind", label: "Paid click", value: "msclkid" },
    ]);
    expect(listRecordedSourceParts(none)).toEqual([]);
  });
});

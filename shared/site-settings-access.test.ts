import { describe, expect, it } from "vitest";
import { settingsFieldAccess, settingsLockedFor, strictestAccess } from "./site-settings-access";
import { settingsFields } from "./site-settings-fields";

/** Who may change which setting (docs/decisions/068-roles-that-fit.md). */
const senderIsContact = { contactEmailSends: true };
const senderApart = { contactEmailSends: false };

describe("the settings an editor may change", () => {
  it("are the contact details, the links and the map; the inbox, the sender, the brand and the meeting place are locked", () => {
    expect(settingsLockedFor("editor", senderIsContact)).toEqual({
      brandName: "Only an admin can change the brand name: the site’s e-mails are sent under it.",
      email: "Only an admin can change the address the site’s e-mails are sent from.",
      agencyInbox: "Only an admin can change where lead e-mails go.",
      meetingPlace: "Only an admin can change where meetings are held.",
    });
  });

  it("include the contact e-mail when MAIL_FROM sends the e-mails", () => {
    expect(Object.keys(settingsLockedFor("editor", senderApart)).sort()).toEqual([
      "agencyInbox",
      "brandName",
      "meetingPlace",
    ]);
    expect(settingsFieldAccess("email", senderApart)).toBe("contact");
    expect(settingsFieldAccess("email", senderIsContact)).toBe("mail-route");
  });

  it("lock nothing for an admin, and everything for sales, naming who may", () => {
    expect(settingsLockedFor("admin", senderIsContact)).toEqual({});
    const locked = settingsLockedFor("sales", senderIsContact);
    expect(Object.keys(locked).sort()).toEqual(settingsFields.map((field) => field.key).sort());
    expect(locked.phone).toBe("Only an admin or an editor can change the phone number.");
  });
});

describe("a save's strictest change", () => {
  it("is the mail route over an admin's field over a contact detail", () => {
    expect(strictestAccess(["phone", "brandName", "agencyInbox"], senderIsContact)).toBe("mail-route");
    expect(strictestAccess(["phone", "meetingPlace"], senderIsContact)).toBe("admin");
    expect(strictestAccess(["phone", "email"], senderApart)).toBe("contact");
    expect(strictestAccess([], senderApart)).toBeUndefined();
  });
});

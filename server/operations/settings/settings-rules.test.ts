import { describe, expect, it } from "vitest";
import { settingsFieldOf, type SettingsFieldSpec } from "#shared/site-settings-fields.ts";
import { checkSetting } from "./settings-rules";

function field(key: string): SettingsFieldSpec {
  const found = settingsFieldOf(key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
}

describe("a settings value", () => {
  it.each([
    ["021 555 0199", "+27 21 555 0199", "+27215550199"],
    ["+27 (21) 555-0199", "+27 21 555 0199", "+27215550199"],
    ["0027 82 555 0100", "+27 82 555 0100", "+27825550100"],
    ["+44 20 7946 0958", "+44 20 7946 0958", "+442079460958"],
  ])("takes the phone number %s as %s, dialled as %s", (typed, display, dial) => {
    expect(checkSetting(field("phone"), typed)).toEqual({ ok: true, value: display, dial });
  });

  it.each([
    ["mapUrl", "https://www.openstreetmap.org/?mlat=-33.92&mlon=18.42#map=17/-33.92/18.42"],
    ["mapUrl", "https://maps.app.goo.gl/AbCdEf123"],
    ["mapEmbedUrl", "https://www.openstreetmap.org/export/embed.html?bbox=18.41,-33.93,18.43,-33.91"],
    ["mapEmbedUrl", "https://www.google.com/maps/embed?pb=!1m18"],
    ["linkedinUrl", "https://za.linkedin.com/company/kloof-digital"],
  ])("accepts the %s %s", (key, url) => {
    expect(checkSetting(field(key), url)).toEqual({ ok: true, value: url });
  });

  it.each([
    ["mapUrl", "https://user:secret@www.google.com/maps", "Map link must not hold a user name or password."],
    ["mapUrl", "javascript:alert(1)", "Map link must start with https://."],
    ["mapUrl", "www.google.com/maps", "Map link must be a full link starting with https://."],
    ["linkedinUrl", "https://notlinkedin.com/company/x", "LinkedIn page must be a link on linkedin.com."],
  ])("refuses the %s %s", (key, url, message) => {
    expect(checkSetting(field(key), url)).toEqual({ ok: false, message });
  });

  it("removes invisible characters and keeps a name in any script as typed", () => {
    expect(checkSetting(field("brandName"), "Kloof\u200B Digital")).toEqual({
      ok: true,
      value: "Kloof Digital",
    });
    expect(checkSetting(field("city"), "ケープタウン")).toEqual({ ok: true, value: "ケープタウン" });
  });

  it("refuses a direction override, a second line and text that is not text", () => {
    expect(checkSetting(field("street"), "80 Bree\u202E Street")).toEqual({
      ok: false,
      message: "Street contains characters that are not allowed.",
    });
    expect(checkSetting(field("street"), "80 Bree\nStreet")).toEqual({
      ok: false,
      message: "Street must be a single line.",
    });
    expect(checkSetting(field("street"), 80)).toEqual({ ok: false, message: "Street must be text." });
  });
});

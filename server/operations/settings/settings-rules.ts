import { checkMeetingPlace } from "#shared/meeting-place.ts";
import { parsePhone } from "#server/operations/leads/phone-numbers.ts";
import { isValidEmail, looksLikePhoneNumber } from "#shared/forms/rules.ts";
import {
  hasForbiddenCharacters,
  isSingleLine,
  normaliseText,
  textMessages,
} from "#shared/forms/text-hygiene.ts";
import {
  linkedinHost,
  mapEmbedHosts,
  mapLinkHosts,
  settingsFields,
  type EditableSettings,
  type SettingsFieldSpec,
  type SettingsKey,
} from "#shared/site-settings-fields.ts";

/**
 * The checks a settings value passes, as visitors' form input passes them: cleaned by
 * Unicode property (invisible characters removed, NFC, one line), bounded in length,
 * e-mails and phone numbers by the forms' own rules, links over https to the hosts each
 * may name. Angle brackets are refused rather than removed: a brand name or address with
 * markup in it is a mistake to show, not to store quietly changed.
 */

type Checked = { ok: true; value: string; dial?: string } | { ok: false; message: string };

const allowedMapHosts: readonly string[] = mapLinkHosts;
const allowedEmbedHosts: readonly string[] = mapEmbedHosts;

function checkUrl(field: SettingsFieldSpec, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field.label} must be a full link starting with https://.`;
  }
  if (url.protocol !== "https:") return `${field.label} must start with https://.`;
  if (url.username || url.password) return `${field.label} must not hold a user name or password.`;
  const host = url.hostname.toLowerCase();
  if (field.key === "linkedinUrl") {
    return host === linkedinHost || host.endsWith(`.${linkedinHost}`)
      ? undefined
      : `${field.label} must be a link on linkedin.com.`;
  }
  const hosts = field.key === "mapEmbedUrl" ? allowedEmbedHosts : allowedMapHosts;
  return hosts.includes(host)
    ? undefined
    : `${field.label} must be a Google Maps or OpenStreetMap link (${hosts.join(", ")}).`;
}

/** The number in international writing and E.164, when it is a real number. */
function readPhone(value: string): { display: string; dial: string } | undefined {
  if (!looksLikePhoneNumber(value)) return undefined;
  const phone = parsePhone(value);
  return phone?.isValid() ? { display: phone.formatInternational(), dial: phone.number } : undefined;
}

/** One field's value cleaned and checked; every field is required. */
export function checkSetting(field: SettingsFieldSpec, raw: unknown): Checked {
  if (typeof raw !== "string") return { ok: false, message: `${field.label} must be text.` };
  const value = normaliseText(raw, { multiline: false }).trim();
  if (value.length === 0) return { ok: false, message: `${field.label} is required.` };
  if (value.length > field.max) {
    return { ok: false, message: `${field.label} must be at most ${field.max} characters.` };
  }
  if (hasForbiddenCharacters(value))
    return { ok: false, message: `${textMessages.notAllowed(field.label)}.` };
  if (!isSingleLine(value)) return { ok: false, message: `${textMessages.singleLine(field.label)}.` };
  if (/[<>]/.test(value)) return { ok: false, message: `${field.label} cannot contain < or >.` };
  if (field.kind === "email" && !isValidEmail(value)) {
    return { ok: false, message: `${field.label} must be an e-mail address, e.g. hello@example.co.za.` };
  }
  if (field.kind === "phone") {
    const phone = readPhone(value);
    return phone
      ? { ok: true, value: phone.display, dial: phone.dial }
      : { ok: false, message: `${field.label} must be a phone number, e.g. 021 555 0199.` };
  }
  if (field.kind === "place") {
    const place = checkMeetingPlace(value);
    return place.ok ? place : { ok: false, message: place.message };
  }
  if (field.kind === "url") {
    const problem = checkUrl(field, value);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value };
}

/**
 * A whole document: every field checked, each problem under its field's key. Fields the
 * document does not know are refused by name; the dial form is always derived, so one
 * sent is ignored.
 */
export function checkSettingsDocument(
  input: unknown,
): { ok: true; value: EditableSettings } | { ok: false; fieldErrors: Record<string, string> } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, fieldErrors: { form: "Send the settings as a set of fields." } };
  }
  const fields = input as Record<string, unknown>;
  const fieldErrors: Record<string, string> = {};
  const known = new Set<string>([...settingsFields.map((field) => field.key), "phoneDial"]);
  for (const key of Object.keys(fields)) {
    if (!known.has(key)) fieldErrors[key] = `There is no setting called ${key}.`;
  }
  const values: Partial<Record<SettingsKey, string>> = {};
  let dial = "";
  for (const field of settingsFields) {
    const checked = checkSetting(field, fields[field.key]);
    if (!checked.ok) fieldErrors[field.key] = checked.message;
    else {
      values[field.key] = checked.value;
      if (checked.dial) dial = checked.dial;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { ...(values as Record<SettingsKey, string>), phoneDial: dial } };
}

/**
 * The site settings staff edit (docs/decisions/038-site-settings-in-the-database.md): one
 * list of fields that the workspace's form, the CLI's keys and the server's messages all
 * read. The checks themselves run on the server (server/operations/settings/).
 */

/** The document as stored and as a revision keeps it: flat, one value a field. */
export type EditableSettings = {
  brandName: string;
  email: string;
  /** How the number is written for people, in international form: "+27 21 555 0199". */
  phone: string;
  /** E.164, for tel: links and structured data; always derived from `phone`. */
  phoneDial: string;
  street: string;
  suburb: string;
  city: string;
  region: string;
  postalCode: string;
  mapUrl: string;
  mapEmbedUrl: string;
  linkedinUrl: string;
  /** Where lead notifications and reminders go; never sent to a visitor's browser. */
  agencyInbox: string;
  /**
   * Where meetings are unless staff say otherwise for one: "studio" (the street address
   * above) or an https link to a video call (shared/meeting-place.ts).
   */
  meetingPlace: string;
};

/** What a person types: every field but the derived dial form. */
export type SettingsKey = Exclude<keyof EditableSettings, "phoneDial">;

export type SettingsFieldSpec = {
  key: SettingsKey;
  /** The CLI's name for it: `site-admin settings set map-url …`. */
  cliKey: string;
  label: string;
  max: number;
  kind: "text" | "email" | "phone" | "url" | "place";
  /** Shown under the field. */
  hint?: string;
  /** The form's fieldset. */
  group: "brand" | "address" | "links" | "inbox" | "meetings";
};

/** Hosts a map link may point at: Google Maps and OpenStreetMap, over https. */
export const mapLinkHosts = [
  "www.google.com",
  "google.com",
  "maps.google.com",
  "www.google.co.za",
  "maps.app.goo.gl",
  "www.openstreetmap.org",
  "openstreetmap.org",
] as const;

/** Hosts whose maps the contact page may frame; the CSP's frame-src names the same. */
export const mapEmbedHosts = ["www.google.com", "maps.google.com", "www.openstreetmap.org"] as const;

/** LinkedIn, over https: linkedin.com or one of its subdomains. */
export const linkedinHost = "linkedin.com";

export const settingsFields: readonly SettingsFieldSpec[] = [
  { key: "brandName", cliKey: "brand-name", label: "Brand name", max: 60, kind: "text", group: "brand" },
  {
    key: "email",
    cliKey: "email",
    label: "Contact e-mail",
    max: 254,
    kind: "email",
    group: "brand",
    hint: "Shown on every page and in e-mails to visitors.",
  },
  {
    key: "phone",
    cliKey: "phone",
    label: "Phone",
    max: 20,
    kind: "phone",
    group: "brand",
    hint: "e.g. 021 555 0199, or with the country code outside South Africa.",
  },
  { key: "street", cliKey: "street", label: "Street", max: 100, kind: "text", group: "address" },
  { key: "suburb", cliKey: "suburb", label: "Suburb", max: 60, kind: "text", group: "address" },
  { key: "city", cliKey: "city", label: "City", max: 60, kind: "text", group: "address" },
  { key: "region", cliKey: "region", label: "Province", max: 60, kind: "text", group: "address" },
  { key: "postalCode", cliKey: "postal-code", label: "Postal code", max: 10, kind: "text", group: "address" },
  {
    key: "mapUrl",
    cliKey: "map-url",
    label: "Map link",
    max: 1000,
    kind: "url",
    group: "links",
    hint: "An https link to Google Maps or OpenStreetMap, opened from the contact page.",
  },
  {
    key: "mapEmbedUrl",
    cliKey: "map-embed-url",
    label: "Map embed link",
    max: 1000,
    kind: "url",
    group: "links",
    hint: "The embeddable map (Google Maps or OpenStreetMap) shown on the contact page when a visitor asks for it.",
  },
  {
    key: "linkedinUrl",
    cliKey: "linkedin",
    label: "LinkedIn page",
    max: 300,
    kind: "url",
    group: "links",
    hint: "An https link on linkedin.com.",
  },
  {
    key: "agencyInbox",
    cliKey: "agency-inbox",
    label: "Agency inbox",
    max: 254,
    kind: "email",
    group: "inbox",
    hint: "Where lead notifications and follow-up reminders go. Changing it asks you to confirm it’s you.",
  },
  {
    key: "meetingPlace",
    cliKey: "meeting-place",
    label: "Meeting place",
    max: 300,
    kind: "place",
    group: "meetings",
    hint: "“studio” to meet at the street address above, or an https link to a video call. Each meeting can have its own.",
  },
];

export function settingsFieldOf(key: string): SettingsFieldSpec | undefined {
  return settingsFields.find((field) => field.key === key);
}

export function settingsFieldByCliKey(cliKey: string): SettingsFieldSpec | undefined {
  return settingsFields.find((field) => field.cliKey === cliKey);
}

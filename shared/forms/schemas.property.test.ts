import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAppointmentSchema } from "./appointment-schema";
import { newsletterSchema } from "./newsletter-schema";
import { isValidEmail } from "./rules";
import { webAppLeadSchema } from "./web-app-lead-schema";
import { websiteDesignLeadSchema } from "./website-design-lead-schema";
import { separateBotGuardFields } from "./bot-guard";
import { hostileText } from "#tests/support/hostile-text.ts";
import { appointment, newsletterSignup, webAppLead, websiteDesignLead } from "#tests/support/submissions.ts";
import { isCleanStoredText, isPracticalMailbox } from "#tests/support/stored-text.ts";
import { phoneLikeText, writtenSouthAfricanNumber } from "#tests/support/phone-numbers.ts";

/**
 * Properties of the shared form schemas over generated input, hostile bytes included:
 * whatever a schema accepts is safe to store, mail and show. The same schemas run in
 * the browser and on the server, so this holds for both.
 */

const email = fc.oneof(
  fc.emailAddress(),
  fc.tuple(hostileText, hostileText).map(([local, domain]) => `${local}@${domain}.co.za`),
  hostileText,
);

const now = new Date("2026-11-23T08:00:00Z");

/**
 * What the shared phone check may let through, stated on its own: phone-number characters
 * only (a "+" only in front), six to eighteen digits ("00" + fifteen, at most). The server
 * then checks the number itself; server/operations/leads/phone-numbers.test.ts holds it to E.164.
 */
function isPhoneShaped(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  // A plus sign, if any, comes before every digit and bracket but an opening one ("(+27) 82 …").
  return /^[\s(]*\+?[0-9\s()-]+$/.test(value) && digits >= 6 && digits <= 18;
}

/** A test fixture's fields without the bot-guard fields, which the schemas never see. */
const formFields = (submission: Record<string, unknown>) =>
  separateBotGuardFields(submission).fields as Record<string, unknown>;

/**
 * Each schema with a valid submission and its text fields: a property replaces one or
 * more fields of the valid one, so most generated submissions are accepted or refused
 * because of the field under test, not because another field happened to be invalid.
 */
const schemas = [
  {
    name: "website-design lead",
    schema: websiteDesignLeadSchema,
    valid: formFields(websiteDesignLead()),
    text: ["fullName", "companyName"],
    emails: ["businessEmail"],
    phones: [] as string[],
    multiline: [] as string[],
  },
  {
    name: "web-app lead",
    schema: webAppLeadSchema,
    valid: formFields(webAppLead()),
    text: ["fullName", "companyName", "industry"],
    emails: ["workEmail"],
    phones: ["phoneNumber"],
    multiline: [] as string[],
  },
  {
    name: "appointment",
    schema: createAppointmentSchema(now),
    valid: formFields(appointment(now)),
    text: ["name", "company", "project_details"],
    emails: ["email"],
    phones: ["phone"],
    multiline: ["project_details"],
  },
  {
    name: "newsletter",
    schema: newsletterSchema,
    valid: formFields(newsletterSignup("reader@example.com")),
    text: [] as string[],
    emails: ["email"],
    phones: [] as string[],
    multiline: [] as string[],
  },
];

describe.each(schemas)("$name schema", ({ schema, valid, text, emails, phones, multiline }) => {
  /** The valid submission with some of `keys` replaced by generated values. */
  const submissions = (keys: string[], value: fc.Arbitrary<unknown>) =>
    fc
      .dictionary(fc.constantFrom(...keys), value, { minKeys: 1 })
      .map((replaced) => ({ ...valid, ...replaced }));

  it("is sound: the valid submission passes", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  // Every form but the newsletter has free text; the newsletter's address is held to the
  // mailbox property below.
  const withText = text.length > 0 ? it : () => {};
  withText("stores only clean text: no controls, overrides, invisibles or stray line breaks", () => {
    let accepted = 0;
    fc.assert(
      fc.property(submissions(text, hostileText), (fields) => {
        const parsed = schema.safeParse(fields);
        if (!parsed.success) return;
        accepted += 1;
        for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
          if (typeof value !== "string") continue;
          expect(
            isCleanStoredText(value, { multiline: multiline.includes(key) }),
            `${key}: ${JSON.stringify(value)}`,
          ).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
    // The property must have been tested on accepted text, not only on refusals.
    expect(accepted).toBeGreaterThan(100);
  });

  it("accepts an e-mail address only when it is one practical mailbox", () => {
    fc.assert(
      fc.property(submissions(emails, email), (fields) => {
        const parsed = schema.safeParse(fields);
        if (!parsed.success) return;
        for (const key of emails) {
          const value = (parsed.data as Record<string, string>)[key] ?? "";
          expect(isPracticalMailbox(value), value).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  const withPhone = phones.length > 0 ? it : () => {};
  withPhone("accepts a phone number only in the shape of one", () => {
    let accepted = 0;
    fc.assert(
      // Real numbers as people write them keep the accepted share well above the floor below.
      fc.property(
        submissions(
          phones,
          fc.oneof(
            phoneLikeText,
            hostileText,
            writtenSouthAfricanNumber.map((n) => n.written),
          ),
        ),
        (fields) => {
          const parsed = schema.safeParse(fields);
          if (!parsed.success) return;
          for (const key of phones) {
            const value = (parsed.data as Record<string, string | undefined>)[key] ?? "";
            if (value === "") continue;
            accepted += 1;
            expect(isPhoneShaped(value), value).toBe(true);
            expect(isCleanStoredText(value, { multiline: false }), value).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  withPhone("accepts South African numbers however they are written", () => {
    fc.assert(
      fc.property(writtenSouthAfricanNumber, ({ written }) => {
        const fields = Object.fromEntries(phones.map((key) => [key, written]));
        expect(schema.safeParse({ ...valid, ...fields }).success, written).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("answers every input with data or field messages, never by throwing", () => {
    const anyKeys = [...new Set([...text, ...emails, ...phones, "unexpected"])];
    fc.assert(
      fc.property(fc.oneof(submissions(anyKeys, fc.anything()), fc.anything()), (fields) => {
        const parsed = schema.safeParse(fields);
        if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("ordinary input keeps working", () => {
  it("accepts every generated ordinary address, name and paragraph", () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ'-]{2,12}$/);
    fc.assert(
      fc.property(fc.emailAddress(), word, word, (address, first, last) => {
        const result = createAppointmentSchema(now).safeParse({
          name: `${first} ${last}`,
          email: address,
          phone: "082 555 0142",
          service_type: "consultation",
          preferred_date: "2026-11-24",
          preferred_time: "09:00 AM",
          project_details: `We need help.\n\tLine two from ${first}.`,
        });
        // fast-check's addresses follow RFC 5322, a little wider than one practical mailbox.
        expect(result.success).toBe(isValidEmail(address.trim()) && address.length <= 254);
      }),
      { numRuns: 300 },
    );
  });
});

import request from "supertest";
import { describe, expect, it } from "vitest";
import { apiPaths } from "#shared/paths.ts";
import { newsletterConsentText } from "#shared/forms/newsletter.ts";
import { createLeadService } from "#server/operations/leads/lead-service.ts";
import { createLogger } from "#server/platform/logger.ts";
import { useMailingTestApp } from "#tests/support/mailing-test-app.ts";
import type { ReceivedMail } from "#tests/support/smtp-sink.ts";
import {
  endpoints,
  newsletterSignup,
  testClientAddressKey,
  testFormTokens,
} from "#tests/support/submissions.ts";

const siteUrl = "https://agency.test";
const mailing = useMailingTestApp({
  SITE_URL: siteUrl,
  SITE_BRAND_NAME: "Test Agency",
  LEAD_RATE_LIMIT_MAX: "100",
});

const subscribe = (email: string) =>
  request(mailing.site.app).post(endpoints.newsletter).send(newsletterSignup(email));
const subscriber = (email: string) =>
  mailing.site.db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();

function tokenIn(text: string, pathname: string): string {
  const match = new RegExp(`${siteUrl}${pathname}\\?token=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${pathname} link in:\n${text}`);
  return match[1];
}

async function confirmationFor(email: string): Promise<ReceivedMail> {
  await mailing.site.outbox.drain();
  const mail = mailing.sink.messages.find((message) => message.to.includes(email));
  if (!mail) throw new Error(`no confirmation e-mail for ${email}`);
  return mail;
}

describe("newsletter double opt-in", () => {
  it("subscribe → confirmation e-mail → confirm → one-click unsubscribe", async () => {
    const before = Date.now();
    const res = await subscribe("Reader@Example.com").expect(201);
    expect(res.body).toEqual({ success: true });

    // The row is pending and records the consent wording and when (POPIA).
    const pending = await subscriber("reader@example.com");
    expect(pending).toMatchObject({
      status: "pending",
      consent_text: newsletterConsentText,
      confirmed_at: null,
    });
    expect(Date.parse(pending.consented_at)).toBeGreaterThanOrEqual(before - 1);

    const mail = await confirmationFor("reader@example.com");
    expect(mail.subject).toBe("Please confirm your subscription to the Test Agency newsletter");
    const confirmToken = tokenIn(mail.text, "/newsletter/confirm");
    const unsubscribeToken = tokenIn(mail.text, "/newsletter/unsubscribe");
    expect(confirmToken).toBe(pending.confirm_token);
    expect(mail.html).toContain(`${siteUrl}/newsletter/confirm?token=${confirmToken}`);
    expect(mail.header("list-unsubscribe")).toBe(
      `<${siteUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
    );
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const page = await request(mailing.site.app).get(`/newsletter/confirm?token=${confirmToken}`).expect(200);
    expect(page.text).toContain("Subscription confirmed");
    expect(page.text.match(/<h1\b/g)).toHaveLength(1);
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
    expect(page.headers["cache-control"]).toBe("no-store");
    const confirmed = await subscriber("reader@example.com");
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.confirmed_at).not.toBeNull();

    const again = await request(mailing.site.app)
      .get(`/newsletter/confirm?token=${confirmToken}`)
      .expect(200);
    expect(again.text).toContain("Already confirmed");

    // RFC 8058: the mail provider posts List-Unsubscribe=One-Click, without an Origin.
    const oneClick = await request(mailing.site.app)
      .post(`/api/newsletter/unsubscribe?token=${unsubscribeToken}`)
      .type("form")
      .send("List-Unsubscribe=One-Click")
      .expect(200);
    expect(oneClick.body).toEqual({ success: true });
    const gone = await subscriber("reader@example.com");
    expect(gone.status).toBe("unsubscribed");
    expect(gone.unsubscribed_at).not.toBeNull();

    await request(mailing.site.app).post(`/api/newsletter/unsubscribe?token=${unsubscribeToken}`).expect(200);
    const unsubscribedPage = await request(mailing.site.app)
      .get(`/newsletter/unsubscribe?token=${unsubscribeToken}`)
      .expect(200);
    expect(unsubscribedPage.text).toContain("Already unsubscribed");
    // Consent withdrawn: the old confirmation link does not bring the subscription back.
    await request(mailing.site.app).get(`/newsletter/confirm?token=${confirmToken}`).expect(400);
    expect((await subscriber("reader@example.com")).status).toBe("unsubscribed");
  });

  it("answers the same whether or not the address is known, without a second e-mail", async () => {
    const first = await subscribe("known@example.com").expect(201);
    await confirmationFor("known@example.com");
    mailing.sink.messages.length = 0;
    const repeat = await subscribe("KNOWN@example.com").expect(201);
    const fresh = await subscribe("new@example.com").expect(201);
    expect(repeat.body).toEqual(first.body);
    expect(fresh.body).toEqual(first.body);
    await mailing.site.outbox.drain();
    expect(mailing.sink.messages.map((message) => message.to)).toEqual([["new@example.com"]]);
    expect(
      await mailing.site.db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("email", "like", "known@%")
        .execute(),
    ).toHaveLength(1);
  });

  it("asks a person who unsubscribed to opt in again, with a new confirmation link", async () => {
    await subscribe("back@example.com").expect(201);
    const firstToken = tokenIn((await confirmationFor("back@example.com")).text, "/newsletter/confirm");
    const { unsubscribe_token } = await subscriber("back@example.com");
    await request(mailing.site.app)
      .post(`/api/newsletter/unsubscribe?token=${unsubscribe_token}`)
      .expect(200);
    mailing.sink.messages.length = 0;

    await subscribe("back@example.com").expect(201);
    const secondToken = tokenIn((await confirmationFor("back@example.com")).text, "/newsletter/confirm");
    expect(secondToken).not.toBe(firstToken);
    expect((await subscriber("back@example.com")).status).toBe("pending");
    await request(mailing.site.app).get(`/newsletter/confirm?token=${firstToken}`).expect(400);
    await request(mailing.site.app).get(`/newsletter/confirm?token=${secondToken}`).expect(200);
    expect((await subscriber("back@example.com")).status).toBe("confirmed");
  });

  it("unsubscribes from the page only when the visitor presses the button", async () => {
    await subscribe("page@example.com").expect(201);
    await mailing.site.outbox.drain();
    const { unsubscribe_token } = await subscriber("page@example.com");

    const page = await request(mailing.site.app)
      .get(`/newsletter/unsubscribe?token=${unsubscribe_token}`)
      .expect(200);
    expect(page.text).toContain("Stop receiving our newsletter");
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
    expect((await subscriber("page@example.com")).status).toBe("pending");

    const done = await request(mailing.site.app)
      .post(`/newsletter/unsubscribe?token=${unsubscribe_token}`)
      .type("form")
      .send({ token: unsubscribe_token })
      .expect(200);
    expect(done.text).toContain("You are unsubscribed");
    expect((await subscriber("page@example.com")).status).toBe("unsubscribed");
  });

  it("sends a person who opens the one-click address to that page", async () => {
    const res = await request(mailing.site.app)
      .get(`${apiPaths.newsletterUnsubscribe}?token=abc`)
      .expect(303);
    expect(res.headers.location).toBe("/newsletter/unsubscribe?token=abc");
  });

  it("says so for invalid and expired links", async () => {
    const invalid = await request(mailing.site.app).get("/newsletter/confirm?token=nope").expect(400);
    expect(invalid.text).toContain("Link not valid");
    await request(mailing.site.app).get("/newsletter/confirm").expect(400);
    const invalidUnsubscribe = await request(mailing.site.app)
      .get("/newsletter/unsubscribe?token=nope")
      .expect(400);
    expect(invalidUnsubscribe.text).toContain("Link not valid");
    const api = await request(mailing.site.app)
      .post(`${apiPaths.newsletterUnsubscribe}?token=nope`)
      .expect(404);
    expect(api.body).toEqual({ success: false, error: "This link is invalid or no longer works." });

    await subscribe("late@example.com").expect(201);
    const { confirm_token } = await subscriber("late@example.com");
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    const later = createLeadService({
      db: mailing.site.db,
      config: mailing.site.config,
      logger: createLogger("silent"),
      tokens: testFormTokens,
      clientAddressKey: testClientAddressKey,
      now: () => eightDaysOn,
    });
    expect(await later.confirmSubscription(confirm_token)).toMatchObject({
      success: false,
      outcome: "expired",
    });
  });

  it("validates the address (requirements §5)", async () => {
    const res = await request(mailing.site.app)
      .post(endpoints.newsletter)
      .send(newsletterSignup("not-an-address"))
      .expect(400);
    expect(res.body).toEqual({
      success: false,
      error: "Please enter a valid email address",
      fieldErrors: { email: "Please enter a valid email address" },
    });
    await request(mailing.site.app).post(endpoints.newsletter).send(newsletterSignup("")).expect(400);
  });
});

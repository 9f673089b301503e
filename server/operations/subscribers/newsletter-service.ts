import { randomBytes } from "node:crypto";
import type { AppConfig } from "#server/platform/config.ts";
import type { Db } from "#server/db/database.ts";
import {
  findSubscriberByConfirmToken,
  findSubscriberByEmail,
  findSubscriberByUnsubscribeToken,
  insertSubscriber,
  updateSubscriber,
} from "#server/db/newsletter.ts";
import { enqueueOutboxMessage } from "#server/db/outbox.ts";
import {
  NEWSLETTER_CONFIRMATION,
  type NewsletterConfirmation,
} from "#server/mail/newsletter-confirmation-message.ts";
import { newMessageId } from "#server/mail/message-id.ts";
import { newsletterConsentText } from "#shared/forms/newsletter.ts";
import { newsletterSchema } from "#shared/forms/newsletter-schema.ts";
import type { ConfirmResult, UnsubscribeResult, UnsubscribeTokenStatus } from "#shared/forms/results.ts";
import {
  handleSubmission,
  type Arrival,
  type SubmissionContext,
  type SubmissionOutcome,
} from "#server/operations/leads/submission.ts";

/** A confirmation link works for this long after the visitor (last) asked to subscribe. */
export const CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60_000;
/** A pending address is sent another confirmation at most this often, however often it is entered. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

export type NewsletterService = {
  /** Double opt-in: the same answer whether or not the address is already known. */
  subscribeNewsletter(input: unknown): Promise<SubmissionOutcome>;
  confirmSubscription(token: string): Promise<ConfirmResult>;
  checkUnsubscribeToken(token: string): Promise<UnsubscribeTokenStatus>;
  unsubscribe(token: string): Promise<UnsubscribeResult>;
};

const invalidLink = "This link is invalid or no longer works.";
const expiredLink = "This confirmation link has expired. Please subscribe again to get a new one.";

const newToken = () => randomBytes(24).toString("base64url");

export function createNewsletterService(deps: {
  db: Db;
  config: Pick<AppConfig, "settings">;
  ctx: SubmissionContext;
  onQueued: () => void;
}): NewsletterService {
  const { db, config, ctx, onQueued } = deps;

  async function queueConfirmation(trx: Db, data: Omit<NewsletterConfirmation, "messageId">, at: Date) {
    const payload: NewsletterConfirmation = { messageId: newMessageId(config.settings.siteUrl), ...data };
    await enqueueOutboxMessage(trx, { kind: NEWSLETTER_CONFIRMATION, payload, now: at });
  }

  /**
   * Returns whether an e-mail was queued. A suspected sign-up is recorded as such but
   * still gets its confirmation link: only the click makes it a subscription.
   */
  async function subscribe(email: string, { at, suspected }: Arrival): Promise<boolean> {
    const stamp = at.toISOString();
    // What each opt-in records: the wording agreed to, when, and how the sign-up looked.
    const optIn = { consent_text: newsletterConsentText, consented_at: stamp, suspected_spam: suspected };
    return db.transaction().execute(async (trx) => {
      const existing = await findSubscriberByEmail(trx, email);
      if (!existing) {
        const tokens = { confirm_token: newToken(), unsubscribe_token: newToken() };
        await insertSubscriber(trx, { email, status: "pending", ...tokens, ...optIn, created_at: stamp });
        await queueConfirmation(
          trx,
          { email, confirmToken: tokens.confirm_token, unsubscribeToken: tokens.unsubscribe_token },
          at,
        );
        return true;
      }
      if (existing.status === "confirmed") return false;
      if (
        existing.status === "pending" &&
        at.getTime() - Date.parse(existing.consented_at) < CONFIRMATION_RESEND_MS
      ) {
        return false;
      }
      // Pending: send the link again. Unsubscribed: a fresh opt-in, so earlier confirm links stop working.
      const confirmToken = existing.status === "unsubscribed" ? newToken() : existing.confirm_token;
      await updateSubscriber(trx, existing.id, {
        status: "pending",
        confirm_token: confirmToken,
        confirmed_at: null,
        ...optIn,
      });
      await queueConfirmation(trx, { email, confirmToken, unsubscribeToken: existing.unsubscribe_token }, at);
      return true;
    });
  }

  return {
    subscribeNewsletter: (input) =>
      handleSubmission(ctx, "newsletter", input, newsletterSchema, async ({ email }, arrival) => {
        if (await subscribe(email.toLowerCase(), arrival)) onQueued();
      }),

    async confirmSubscription(token) {
      const subscriber = token ? await findSubscriberByConfirmToken(db, token) : undefined;
      if (!subscriber || subscriber.status === "unsubscribed") {
        return { success: false, outcome: "invalid", error: invalidLink };
      }
      if (subscriber.status === "confirmed") return { success: true, outcome: "already-confirmed" };
      const at = ctx.now();
      if (at.getTime() - Date.parse(subscriber.consented_at) > CONFIRMATION_VALID_MS) {
        return { success: false, outcome: "expired", error: expiredLink };
      }
      // The click proves a person reads the mailbox, whatever the sign-up looked like.
      await updateSubscriber(db, subscriber.id, {
        status: "confirmed",
        confirmed_at: at.toISOString(),
        suspected_spam: null,
      });
      ctx.logger.info({ subscriberId: subscriber.id }, "newsletter subscription confirmed");
      return { success: true, outcome: "confirmed" };
    },

    async checkUnsubscribeToken(token) {
      const subscriber = token ? await findSubscriberByUnsubscribeToken(db, token) : undefined;
      if (!subscriber) return "invalid";
      return subscriber.status === "unsubscribed" ? "unsubscribed" : "subscribed";
    },

    async unsubscribe(token) {
      const subscriber = token ? await findSubscriberByUnsubscribeToken(db, token) : undefined;
      if (!subscriber) return { success: false, outcome: "invalid", error: invalidLink };
      if (subscriber.status === "unsubscribed") return { success: true, outcome: "already-unsubscribed" };
      await updateSubscriber(db, subscriber.id, {
        status: "unsubscribed",
        unsubscribed_at: ctx.now().toISOString(),
      });
      ctx.logger.info({ subscriberId: subscriber.id }, "newsletter subscription ended");
      return { success: true, outcome: "unsubscribed" };
    },
  };
}

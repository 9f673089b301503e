import type { PageCopySource } from "#server/content/page-copy-source.ts";
import type { AgencyNotificationKind } from "#server/mail/agency-notification-message.ts";
import type { Acknowledgment } from "#server/mail/acknowledgment-message.ts";

/** What an acknowledgment shares with the page the visitor sees after sending its form. */
export type AcknowledgmentCopy = Pick<Acknowledgment, "nextTitle" | "nextSteps">;

/**
 * Reads what happens next as the visitor's page says it now: a lead's thank-you page
 * (heading and steps), the booking page's "What to Expect" for an appointment request
 * (its steps; the e-mail keeps its own heading). The reader keeps each page's copy per
 * content revision and falls back to what was last read or shipped, so the copy never
 * stops or delays a lead; should it throw all the same, the e-mail has the shipped words.
 */
export async function readAcknowledgmentCopy(
  pageCopy: PageCopySource,
  form: AgencyNotificationKind,
): Promise<AcknowledgmentCopy> {
  try {
    if (form === "appointment-request") {
      const { whatToExpect } = await pageCopy.published("book-appointment");
      return { nextSteps: whatToExpect.steps.map((step) => `${step.title}: ${step.text}`) };
    }
    const page = form === "web-app-lead" ? "thank-you-web-app" : "thank-you-website-design";
    const { nextTitle, nextSteps } = await pageCopy.published(page);
    return { nextTitle, nextSteps: [...nextSteps] };
  } catch {
    return {};
  }
}

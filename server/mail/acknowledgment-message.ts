import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import type { MailContext } from "./mail-context";
import { fillBrand } from "#shared/copy/fill-brand.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { appointmentNextSteps, leadNextSteps } from "#shared/forms/next-steps.ts";
import { css, htmlTable } from "./layout";
import { manageLinkParts } from "./manage-link";
import { visitorEnvelope, visitorLetter } from "./visitor-layout";

/** The visitor's automatic acknowledgment of a lead or appointment request. */

export const ACKNOWLEDGMENT = "acknowledgment";

const acknowledgedForms = {
  "website-design-lead": { thing: "website proposal request", steps: "lead" },
  "web-app-lead": { thing: "web-app proposal request", steps: "lead" },
  "appointment-request": { thing: "appointment request", steps: "appointment" },
} as const;

const labelled = z.object({ label: z.string(), value: z.string() });

const acknowledgmentSchema = z.object({
  messageId: z.string(),
  form: z.enum(["website-design-lead", "web-app-lead", "appointment-request"]),
  email: z.string(),
  /** Null when the name given does not read like a name (a link, an address). */
  greetingName: z.string().nullable(),
  /** The options the visitor picked, labelled as the form showed them. Never free text. */
  choices: z.array(labelled),
  /**
   * What happens next, in the matching page's copy as it was when the request was queued
   * (`{brand}` still unfilled): its heading (the thank-you pages have one) and its steps.
   * Absent (queued before the e-mail followed the pages' copy): the shipped words.
   */
  nextTitle: z.string().min(1).optional(),
  nextSteps: z.array(z.string().min(1)).min(1).optional(),
  /** An appointment request's place ("At our studio: …", "Video call: …"). Absent before 0036. */
  place: z.string().optional(),
  /** Which kind of place, so the steps say it instead of "online or at our studio". */
  placeKind: z.enum(["studio", "video"]).optional(),
  /** An appointment request's private link's token; removed from the row once sent. */
  manageToken: z.string().optional(),
});
export type Acknowledgment = z.infer<typeof acknowledgmentSchema>;

/** The e-mail's heading over the steps, where the page's copy gives it none. */
const NEXT_TITLE = "What happens next";

/** The shipped steps, as the e-mail lists them: an appointment's step is "Title: text". */
function shippedNextSteps(steps: "lead" | "appointment"): string[] {
  return steps === "lead"
    ? [...leadNextSteps]
    : appointmentNextSteps.map((step) => `${step.title}: ${step.text}`);
}

/** The shipped step's vague place, which a known place replaces. */
const VAGUE_PLACE = /,? online or at our Cape Town studio,?/;

/** The steps with "online or at our Cape Town studio" made the place that is known. */
function withKnownPlace(steps: string[], kind: Acknowledgment["placeKind"]): string[] {
  if (!kind) return steps;
  const said = kind === "video" ? ", by video call," : ", at our Cape Town studio,";
  return steps.map((step) => step.replace(VAGUE_PLACE, said));
}

/** A heading as a line of the plain-text part: followed by a colon unless it ends in punctuation. */
const asTextHeading = (title: string) => (/[.:?!]$/.test(title) ? title : `${title}:`);

function buildAcknowledgment(data: Acknowledgment, ctx: MailContext): SendMailOptions {
  const brand = ctx.settings.brandName;
  const form = acknowledgedForms[data.form];
  const subject = `We received your ${form.thing} - ${brand}`;
  const intro = `Thank you for your ${form.thing}. This is an automatic note to say it reached ${brand}.`;
  const steps = withKnownPlace(
    fillBrand(data.nextSteps ?? shippedNextSteps(form.steps), brand),
    data.placeKind,
  );
  const choices = data.place ? [...data.choices, { label: "Where", value: data.place }] : data.choices;
  const manage = manageLinkParts(
    ctx.settings.siteUrl,
    data.manageToken,
    "To move your request to another free time or cancel it, use your private link:",
  );
  const nextTitle = fillBrand(data.nextTitle ?? NEXT_TITLE, brand);
  const { text, html } = visitorLetter(
    ctx,
    {
      subject,
      greetingName: data.greetingName,
      sentBecause: `You get this e-mail because this address was entered on the ${brand} website. If that was not you, reply and we will delete it.`,
    },
    {
      text: [
        intro,
        ...(choices.length > 0
          ? ["", "What you chose:", ...choices.map((choice) => `${choice.label}: ${choice.value}`)]
          : []),
        "",
        asTextHeading(nextTitle),
        ...steps.map((step, index) => `${index + 1}. ${step}`),
      ],
      html: [
        `<p style="${css.paragraph}">${escapeHtml(intro)}</p>`,
        ...(choices.length > 0
          ? [`<p style="${css.heading}">What you chose</p>`, htmlTable(choices, "")]
          : []),
        `<p style="${css.heading}">${escapeHtml(nextTitle)}</p>`,
        `<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`,
      ],
    },
    manage,
  );
  return { ...visitorEnvelope(ctx, data.email), subject, messageId: data.messageId, text, html };
}

export function renderAcknowledgment(data: unknown, ctx: MailContext): SendMailOptions {
  return buildAcknowledgment(acknowledgmentSchema.parse(data), ctx);
}

/**
 * What a visitor is promised after sending a form (requirements §2 thank-you pages and "What to
 * Expect", §9 response promises), in the words the pages ship with; the acknowledgment
 * e-mail repeats the pages' current copy, and these words where it has none.
 */

/** After a website-design or web-app lead: the thank-you pages' "What happens next". */
export const leadNextSteps = [
  "Our team reviews your requirements within 24 hours.",
  "We prepare a custom proposal for your project.",
  "We schedule a discovery call or consultation with you.",
] as const;

/** After an appointment request: the booking page's "What to Expect". */
export const appointmentNextSteps = [
  {
    title: "Confirmation",
    text: "We confirm your appointment by e-mail within 24 hours, or suggest another time if that slot is taken.",
  },
  {
    title: "Consultation",
    text: "A relaxed 30 to 45 minute conversation, online or at our Cape Town studio, about your goals and ideas.",
  },
  {
    title: "Proposal",
    text: "Within a few days you receive a clear proposal with scope, timeline and a fixed price in rand.",
  },
] as const;

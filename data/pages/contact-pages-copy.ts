import type { z } from "zod";
import { appointmentNextSteps, leadNextSteps } from "#shared/forms/next-steps.ts";
import type {
  bookAppointmentCopySchema,
  contactCopySchema,
  thankYouWebAppCopySchema,
} from "#shared/copy/other-page-schemas.ts";

/** The copy the contact, booking and thank-you pages ship with. */

export const contactCopy = {
  header: {
    eyebrow: "Get in touch",
    title: "Contact Us",
    subtitle: "Tell us about your project. We reply to every enquiry within one business day.",
  },
  officeTitle: "Our Office",
  emailTitle: "Email Us",
  phoneTitle: "Call Us",
  hours: "Monday to Friday, 08:30 to 17:00",
  bookingPrompt: "Prefer to talk it through?",
  bookingLink: "Book a free consultation",
} satisfies z.input<typeof contactCopySchema>;

export const bookAppointmentCopy = {
  header: {
    eyebrow: "Let's talk",
    title: "Book an Appointment",
    subtitle: "Choose a time that suits you and tell us about your project. We will confirm within 24 hours.",
  },
  whatToExpect: {
    title: "What to Expect",
    steps: appointmentNextSteps.map((step) => ({ ...step })),
  },
} satisfies z.input<typeof bookAppointmentCopySchema>;

const thankYou = (service: string) =>
  ({
    title: "Thank You!",
    text: `We have received your ${service} enquiry and a copy is on its way to our team.`,
    nextTitle: "What happens next",
    nextSteps: [...leadNextSteps],
    homeLabel: "Return to Home",
    servicesLabel: "View All Services",
  }) satisfies z.input<typeof thankYouWebAppCopySchema>;

export const thankYouWebAppCopy = thankYou("web-app");
export const thankYouWebsiteDesignCopy = thankYou("website design");

import {
  callToAction,
  copyDate,
  copyGroup,
  copyList,
  copyMarkdown,
  copyText,
  pageHeader,
  processStep,
} from "./copy-fields";
import { policyTokensHint } from "./policy-tokens";

/**
 * The copy of the list pages, the contact and booking pages and the thank-you pages: their headers, the words around their lists, and their own blocks. The
 * items the lists show (projects, news, case studies) are content, edited on their own.
 */

export const projectsCopySchema = copyGroup("Projects", {
  header: pageHeader(),
  emptyList: copyText("Shown when there are no projects", 160),
  process: copyGroup("Development process", {
    title: copyText("Heading", 80),
    steps: copyList("Steps", processStep(), { min: 3, max: 6, itemLabel: "Step" }),
  }),
  cta: callToAction(),
});

export const newsCopySchema = copyGroup("News", {
  header: pageHeader(),
  featuredTitle: copyText("Featured article heading", 60),
  noFeatured: copyText("Shown when there is no featured article", 160),
  latestTitle: copyText("Article list heading", 60),
  noArticles: copyText("Shown when there are no articles", 160),
});

const clientHint = { hint: "{client} is the client's name." };

export const caseStudiesCopySchema = copyGroup("Case studies", {
  header: pageHeader(),
  cta: callToAction(),
  detail: copyGroup("Each case study's page", {
    backLink: copyText("Link back to the list", 40),
    title: copyText("Heading", 60, clientHint),
    aboutTitle: copyText("Heading over what the client does", 60, clientHint),
    contributionsTitle: copyText("Heading over the contributions", 60),
    contactLink: copyText("Button label", 40),
    othersTitle: copyText("Heading over the other case studies", 60),
    allLink: copyText("Link to all case studies", 40),
  }),
  notFound: copyGroup("Case study not found", {
    title: copyText("Heading", 60),
    text: copyText("Text", 200, { multiline: true }),
    linkLabel: copyText("Button label", 40),
  }),
});

export const contactCopySchema = copyGroup("Contact", {
  header: pageHeader(),
  officeTitle: copyText("Office card heading", 40),
  emailTitle: copyText("E-mail card heading", 40),
  phoneTitle: copyText("Phone card heading", 40),
  hours: copyText("Opening hours", 80),
  bookingPrompt: copyText("Line before the booking link", 80),
  bookingLink: copyText("Booking link", 60),
});

export const bookAppointmentCopySchema = copyGroup("Book an appointment", {
  header: pageHeader(),
  whatToExpect: copyGroup("What to expect", {
    title: copyText("Heading", 60),
    steps: copyList("Steps", processStep(), { min: 3, max: 3, itemLabel: "Step" }),
  }),
});

const thankYou = (label: string) =>
  copyGroup(label, {
    title: copyText("Heading", 60),
    text: copyText("Text", 300, { multiline: true }),
    nextTitle: copyText("Next steps heading", 60),
    nextSteps: copyList("Next steps", copyText("Step", 160), { min: 1, max: 5, itemLabel: "Step" }),
    homeLabel: copyText("Home button label", 40),
    servicesLabel: copyText("Services button label", 40),
  });

export const thankYouWebAppCopySchema = thankYou("Thank you (web app)");
export const thankYouWebsiteDesignCopySchema = thankYou("Thank you (website design)");

/** The policy's `##` headings are its table of contents; its tokens are filled from the site settings. */
export const privacyPolicyCopySchema = copyGroup("Privacy policy", {
  header: pageHeader(),
  lastUpdated: copyDate("Last updated"),
  body: copyMarkdown("Policy", 40_000, { hint: policyTokensHint }),
});

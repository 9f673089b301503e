import {
  callToAction,
  copyGroup,
  copyIcon,
  copyList,
  copySelect,
  copyText,
  featureCard,
  pageHeader,
  processStep,
  sectionHeading,
} from "./copy-fields";

/**
 * The copy of the pages that sell (requirements §2: home, about, services and the two service
 * pages), each block with the limits its design holds: three to six value cards fill
 * the three-column grid without a lone row of one, headings stay on two lines at 360 px.
 */

const cards = (label: string, min: number, max: number) =>
  copyList(label, featureCard(), { min, max, itemLabel: "Card" });

const steps = (min: number, max: number) => copyList("Steps", processStep(), { min, max, itemLabel: "Step" });

const lines = (label: string, itemLabel: string, max: number, limits: { min: number; max: number }) =>
  copyList(label, copyText(itemLabel, max), { ...limits, itemLabel });

export const homeCopySchema = copyGroup("Home", {
  hero: copyGroup("Opening", {
    eyebrow: copyText("Line above the headline", 40),
    title: copyText("Headline", 60),
    subtitle: copyText("Line under the headline", 240, { multiline: true }),
  }),
  clients: copyGroup("Client logos", {
    title: copyText("Line above the logos", 60),
    allLink: copyText("Link to all case studies", 40, {
      hint: "Shown when there are more case studies than logos; {count} is their number.",
    }),
  }),
  whatWeDo: copyGroup("What we do", {
    heading: sectionHeading("Section heading"),
    cards: cards("Value cards", 3, 6),
  }),
  results: copyGroup("Results", {
    title: copyText("Heading read by screen readers", 80),
    claims: copyList(
      "Figures",
      copyGroup("Figure", {
        figure: copyText("Figure", 12, { hint: "Shown large: 200%, Up to 46%." }),
        text: copyText("What it measures", 120),
      }),
      { min: 3, max: 3, itemLabel: "Figure" },
    ),
  }),
  featuredWork: copyGroup("Featured work", {
    eyebrow: copyText("Line above the heading", 40),
    title: copyText("Heading", 60),
    allLink: copyText("Link to all projects", 40),
  }),
  howWeWork: copyGroup("How we work", {
    heading: sectionHeading("Section heading"),
    steps: steps(3, 6),
  }),
  cta: callToAction(),
});

export const aboutCopySchema = copyGroup("About", {
  header: pageHeader(),
  story: copyGroup("Our story", {
    title: copyText("Heading", 80),
    paragraphs: lines("Paragraphs", "Paragraph", 600, { min: 1, max: 5 }),
    imageAlt: copyText("Picture's description for screen readers", 250, { multiline: true }),
  }),
  values: copyGroup("Our values", {
    title: copyText("Heading", 80),
    cards: cards("Value cards", 3, 6),
  }),
  whyChoose: copyGroup("Why choose us", {
    title: copyText("Heading", 80, { hint: "{brand} stands for the brand name." }),
    cards: cards("Reasons", 3, 9),
  }),
  cta: callToAction(),
});

/** Which page a service's "Learn more" opens, if any. */
export const serviceLinks = [
  { value: "none", label: "No page of its own" },
  { value: "website-design", label: "Website design page" },
  { value: "web-app-development", label: "Web app development page" },
] as const;

export const servicesCopySchema = copyGroup("Services", {
  header: pageHeader(),
  listTitle: copyText("List heading read by screen readers", 80),
  services: copyList(
    "Services",
    copyGroup("Service", {
      icon: copyIcon(),
      title: copyText("Title", 80),
      text: copyText("Text", 300, { multiline: true }),
      points: lines("Main points", "Point", 80, { min: 1, max: 6 }),
      link: copySelect("Its own page", serviceLinks),
    }),
    { min: 2, max: 10, itemLabel: "Service" },
  ),
  cta: callToAction(),
});

/** The opening of a service page: title, line under it, problem statements, portfolio heading. */
const serviceHero = () =>
  copyGroup("Opening", {
    title: copyText("Title", 60),
    subtitle: copyText("Line under the title", 300, { multiline: true }),
    problems: lines("Problem statements", "Problem", 160, { min: 1, max: 4 }),
    showcaseTitle: copyText("Portfolio heading", 60),
  });

export const websiteDesignCopySchema = copyGroup("Website design", {
  hero: serviceHero(),
  whatToExpect: copyGroup("What to expect", {
    title: copyText("Heading", 80),
    items: lines("Points", "Point", 200, { min: 2, max: 10 }),
  }),
  websiteTypes: copyGroup("Website types", {
    title: copyText("Heading", 80),
    rows: copyList(
      "Table rows",
      copyGroup("Row", {
        type: copyText("Website type", 60),
        bestFor: copyText("Best for", 160),
        includes: copyText("Includes", 160),
      }),
      { min: 1, max: 8, itemLabel: "Row" },
    ),
  }),
  whyChooseUs: copyGroup("Why choose us", {
    title: copyText("Heading", 80),
    cards: cards("Reasons", 3, 6),
  }),
});

export const webAppDevelopmentCopySchema = copyGroup("Web app development", {
  hero: serviceHero(),
  painPoints: copyGroup("Sound familiar?", {
    heading: sectionHeading("Section heading"),
    items: lines("Pain points", "Pain point", 160, { min: 2, max: 8 }),
  }),
  technology: copyGroup("Technology we use", {
    title: copyText("Heading", 80),
    groups: copyList(
      "Technology cards",
      copyGroup("Card", {
        icon: copyIcon(),
        title: copyText("Title", 60),
        items: lines("Points", "Point", 120, { min: 1, max: 8 }),
      }),
      { min: 1, max: 4, itemLabel: "Card" },
    ),
  }),
  ourProcess: copyGroup("Our process", {
    title: copyText("Heading", 80),
    steps: steps(3, 8),
  }),
});

import type { z } from "zod";
import type {
  caseStudiesCopySchema,
  newsCopySchema,
  projectsCopySchema,
} from "#shared/copy/other-page-schemas.ts";

/** The copy the list pages ship with: their headers and the words around their lists. */

export const projectsCopy = {
  header: {
    eyebrow: "Selected work",
    title: "Our Projects",
    subtitle:
      "A selection of the websites, web applications and mobile apps we have designed and built for our clients.",
  },
  emptyList: "No projects available yet. Check back soon!",
  process: {
    title: "Our Development Process",
    steps: [
      {
        title: "Discovery & Planning",
        text: "Workshops to understand your goals, users and constraints, ending in a clear scope and plan.",
      },
      {
        title: "Design & Prototyping",
        text: "Wireframes and clickable prototypes so you can test ideas before a line of code is written.",
      },
      {
        title: "Development",
        text: "Clean, tested code in short sprints, with a working demo at the end of every sprint.",
      },
      {
        title: "Testing & QA",
        text: "Automated tests, device testing and accessibility checks before anything reaches your customers.",
      },
      {
        title: "Deployment",
        text: "Smooth, monitored releases to the cloud and the app stores, with no downtime surprises.",
      },
      {
        title: "Maintenance & Support",
        text: "Updates, security patches and improvements as your business and your users grow.",
      },
    ],
  },
  cta: {
    title: "Ready to Start Your Project?",
    text: "Tell us what you want to build and we'll come back with a plan, a timeline and a fixed proposal.",
    linkLabel: "Contact Us",
  },
} satisfies z.input<typeof projectsCopySchema>;

export const newsCopy = {
  header: {
    eyebrow: "Journal",
    title: "Tech News & Updates",
    subtitle:
      "Insights on web development, mobile apps and technology trends that matter to South African businesses.",
  },
  featuredTitle: "Featured Article",
  noFeatured: "No featured article available",
  latestTitle: "Latest Articles",
  noArticles: "No articles available",
} satisfies z.input<typeof newsCopySchema>;

export const caseStudiesCopy = {
  header: {
    eyebrow: "Clients",
    title: "Case Studies",
    subtitle: "The businesses we partner with, and how we help them grow year after year.",
  },
  cta: {
    title: "Could Your Business Be Next?",
    text: "Let's talk about what we could build together.",
    linkLabel: "Start Your Project",
  },
  detail: {
    backLink: "Back to Case Studies",
    title: "How We Helped {client}",
    aboutTitle: "What is {client}?",
    contributionsTitle: "Our contribution this year:",
    contactLink: "Start Your Project",
    othersTitle: "Other Case Studies",
    allLink: "View All Case Studies",
  },
  notFound: {
    title: "Case study not found",
    text: "The case study you're looking for doesn't exist or has been removed.",
    linkLabel: "Return to Case Studies",
  },
} satisfies z.input<typeof caseStudiesCopySchema>;

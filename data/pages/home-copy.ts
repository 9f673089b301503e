import type { z } from "zod";
import type { homeCopySchema } from "#shared/copy/marketing-page-schemas.ts";

/** The copy the home page (client/routes/home.tsx) ships with, until staff save their own. */
export const homeCopy = {
  hero: {
    eyebrow: "Cape Town software studio",
    title: "Transform Your Ideas Into Reality",
    subtitle:
      "We build web and mobile applications that help your business scale, from the first sketch to launch and beyond.",
  },
  clients: {
    title: "Trusted by teams across South Africa",
    allLink: "All {count} case studies",
  },
  whatWeDo: {
    heading: {
      title: "What We Do",
      intro:
        "One Cape Town team for the whole life of your product: design, engineering and the support that keeps it running.",
    },
    cards: [
      {
        icon: "Code",
        title: "Web Development",
        text: "Fast, secure websites and web applications built on modern frameworks, designed to turn visitors into customers.",
      },
      {
        icon: "Smartphone",
        title: "Mobile Development",
        text: "Cross-platform iOS and Android apps from one code base, so your customers get a polished app sooner and for less.",
      },
      {
        icon: "Lifebuoy",
        title: "Maintenance & Support",
        text: "Updates, monitoring and improvements after launch, so your software stays fast, secure and ready to grow with you.",
      },
    ],
  },
  results: {
    title: "Results our clients see",
    claims: [
      { figure: "200%", text: "higher conversion from websites designed around your customers" },
      { figure: "30%", text: "higher engagement with mobile-first, fast-loading experiences" },
      { figure: "Up to 46%", text: "more productivity when custom software replaces manual work" },
    ],
  },
  featuredWork: {
    eyebrow: "Selected work",
    title: "Built in Cape Town, used every day",
    allLink: "All projects",
  },
  howWeWork: {
    heading: {
      title: "How We Work",
      intro: "A simple, transparent process from first conversation to launch day.",
    },
    steps: [
      {
        title: "Discovery",
        text: "We learn your business, your customers and your goals, and agree what success looks like.",
      },
      {
        title: "Planning",
        text: "We shape the scope, the architecture and a clear timeline, with a fixed proposal you can budget for.",
      },
      {
        title: "Development",
        text: "We design and build in short sprints, showing you working software every step of the way.",
      },
      {
        title: "Launch & Support",
        text: "We launch with care, then monitor, support and improve your product as your business grows.",
      },
    ],
  },
  cta: {
    title: "Ready to Transform Your Business?",
    text: "Tell us where you want to go. We'll show you how to get there, with a clear plan and a fixed proposal.",
    linkLabel: "Book an Appointment",
  },
} satisfies z.input<typeof homeCopySchema>;

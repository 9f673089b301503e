import type { z } from "zod";
import type { webAppDevelopmentCopySchema } from "#shared/copy/marketing-page-schemas.ts";

/** The copy the Web App Development page (client/routes/web-app-development.tsx) ships with. */
export const webAppDevelopmentCopy = {
  hero: {
    title: "Custom Web-App Development",
    subtitle:
      "Software shaped around how your business works, so your team can do more with less. Teams using custom tools report up to 46% productivity gains.",
    problems: [
      "Your team loses hours every week to spreadsheets and copy-and-paste.",
      "Off-the-shelf software forces you to work its way, not yours.",
      "Your systems don't talk to each other, so data is always out of date.",
    ],
    showcaseTitle: "Our Web-App Portfolio",
  },
  painPoints: {
    heading: { title: "Sound Familiar?", intro: "The problems a custom web application solves." },
    items: [
      "Manual processes that slow your team down and invite mistakes",
      "Customer data scattered across e-mail, spreadsheets and paper",
      "Licence fees for tools that only do half of what you need",
      "No clear view of how the business is performing today",
      "Legacy systems that are hard to change and risky to keep",
    ],
  },
  technology: {
    title: "Technology We Use",
    groups: [
      {
        icon: "Layers",
        title: "Frontend",
        items: [
          "React and TypeScript",
          "Accessible, responsive interfaces",
          "Fast dashboards and data tables",
          "Progressive web apps",
        ],
      },
      {
        icon: "Server",
        title: "Backend & Process",
        items: [
          "Node.js and Laravel APIs",
          "PostgreSQL and cloud hosting on AWS",
          "Infrastructure as code with Terraform",
          "Automated tests, code review and continuous delivery",
        ],
      },
    ],
  },
  ourProcess: {
    title: "Our Process",
    steps: [
      {
        title: "Discovery & Requirements Workshop",
        text: "We map your workflows, users and goals, and agree the must-haves for the first release.",
      },
      {
        title: "Wireframes + UX/UI Mockups",
        text: "You see and click through the app before we build it, so there are no surprises.",
      },
      {
        title: "Agile Development in Sprints",
        text: "Two-week sprints with a working demo at the end of each, so you steer as we go.",
      },
      {
        title: "QA Testing and Optimisation",
        text: "Automated and manual testing, performance tuning and security checks before launch.",
      },
      {
        title: "Launch & Ongoing Support",
        text: "A smooth go-live, training for your team, then monitoring, support and new features.",
      },
    ],
  },
} satisfies z.input<typeof webAppDevelopmentCopySchema>;

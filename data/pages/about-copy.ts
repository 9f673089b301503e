import type { z } from "zod";
import type { aboutCopySchema } from "#shared/copy/marketing-page-schemas.ts";

/** The copy the About page (client/routes/about.tsx) ships with; {brand} stands for the brand name. */
export const aboutCopy = {
  header: {
    eyebrow: "The studio",
    title: "About Us",
    subtitle: "A Cape Town team of designers and engineers who turn business ideas into dependable software.",
  },
  story: {
    title: "Our Story",
    paragraphs: [
      "{brand} started in a small studio in the centre of Cape Town with a simple idea: local businesses deserve the same quality of software as the world's biggest brands, built by people who pick up the phone.",
      "Today we design and build websites, web applications and cross-platform mobile apps for companies across South Africa, from ambitious start-ups to established firms modernising the way they work.",
      "We measure our work by our clients' results: more enquiries, happier customers and teams that spend less time on manual work. Most of our clients stay with us long after launch.",
    ],
    imageAlt:
      "Illustration of our team planning a project around a table in our Cape Town studio, with Table Mountain through the window",
  },
  values: {
    title: "Our Values",
    cards: [
      {
        icon: "Lightbulb",
        title: "Innovation",
        text: "We look for the simplest modern solution to each problem and bring new ideas to the table, not just code.",
      },
      {
        icon: "Shield",
        title: "Quality",
        text: "Reviewed code, automated tests and accessible, fast interfaces: we build software we are proud to support.",
      },
      {
        icon: "Handshake",
        title: "Partnership",
        text: "We work as an extension of your team, share the plan openly and stay with you long after launch.",
      },
    ],
  },
  whyChoose: {
    title: "Why Choose {brand}",
    cards: [
      {
        icon: "Team",
        title: "Expert Team",
        text: "Senior designers and engineers who have shipped products for start-ups and established companies alike.",
      },
      {
        icon: "Route",
        title: "Proven Process",
        text: "Discovery, planning, sprints and support: a process that keeps projects on time and on budget.",
      },
      {
        icon: "Chip",
        title: "Latest Technology",
        text: "React, React Native, Laravel, Node.js and the cloud, chosen for what suits your product, not for fashion.",
      },
      {
        icon: "Headphones",
        title: "Ongoing Support",
        text: "Maintenance plans with monitoring, updates and quick answers when you need a hand.",
      },
      {
        icon: "Messages",
        title: "Transparent Communication",
        text: "Weekly updates, working demos and one contact person who knows your project.",
      },
      {
        icon: "Badge",
        title: "Competitive Pricing",
        text: "Fixed proposals in rand, sized to South African budgets, with no surprises on the invoice.",
      },
    ],
  },
  cta: {
    title: "Let's Build Something Great Together",
    text: "Tell us about your idea and we'll help you plan the best way to bring it to life.",
    linkLabel: "Get In Touch",
  },
} satisfies z.input<typeof aboutCopySchema>;

/** The picture beside the story; its description is part of the copy. */
export const teamImage = { src: "/images/about/team.svg", width: 1200, height: 800 } as const;

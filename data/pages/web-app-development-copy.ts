import { Layers, Server, type LucideIcon } from "lucide-react";
import type { Step } from "#shared/page-copy.ts";

/** The copy of the Web App Development page (client/routes/web-app-development.tsx). */

/** SPEC §2: the three problem statements under the title. */
export const problems = [
  "Your team loses hours every week to spreadsheets and copy-and-paste.",
  "Off-the-shelf software forces you to work its way, not yours.",
  "Your systems don't talk to each other, so data is always out of date.",
] as const;

/** "Sound Familiar?": the problems a custom web application solves. */
export const painPoints = [
  "Manual processes that slow your team down and invite mistakes",
  "Customer data scattered across e-mail, spreadsheets and paper",
  "Licence fees for tools that only do half of what you need",
  "No clear view of how the business is performing today",
  "Legacy systems that are hard to change and risky to keep",
] as const;

/** A card of "Technology We Use": a titled check list. */
export type TechnologyGroup = { icon: LucideIcon; title: string; items: readonly string[] };

export const technology = [
  {
    icon: Layers,
    title: "Frontend",
    items: [
      "React and TypeScript",
      "Accessible, responsive interfaces",
      "Fast dashboards and data tables",
      "Progressive web apps",
    ],
  },
  {
    icon: Server,
    title: "Backend & Process",
    items: [
      "Node.js and Laravel APIs",
      "PostgreSQL and cloud hosting on AWS",
      "Infrastructure as code with Terraform",
      "Automated tests, code review and continuous delivery",
    ],
  },
] as const satisfies readonly TechnologyGroup[];

export const ourProcess = [
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
] as const satisfies readonly Step[];

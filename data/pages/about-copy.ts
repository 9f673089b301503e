import {
  BadgeDollarSign,
  Cpu,
  Handshake,
  Headphones,
  Lightbulb,
  MessagesSquare,
  Route as RouteIcon,
  ShieldCheck,
  Users,
} from "lucide-react";
import type { Feature } from "#shared/page-copy.ts";

/** The copy of the About page (client/routes/about.tsx). */

/** "Our Story", a paragraph each. */
export const ourStory = (brandName: string) =>
  [
    `${brandName} started in a small studio in the centre of Cape Town with a simple idea: local businesses deserve the same quality of software as the world's biggest brands, built by people who pick up the phone.`,
    "Today we design and build websites, web applications and cross-platform mobile apps for companies across South Africa, from ambitious start-ups to established firms modernising the way they work.",
    "We measure our work by our clients' results: more enquiries, happier customers and teams that spend less time on manual work. Most of our clients stay with us long after launch.",
  ] as const;

/** The picture beside the story. */
export const teamImage = {
  src: "/images/about/team.svg",
  alt: "Illustration of our team planning a project around a table in our Cape Town studio, with Table Mountain through the window",
  width: 1200,
  height: 800,
} as const;

export const values = [
  {
    icon: Lightbulb,
    title: "Innovation",
    text: "We look for the simplest modern solution to each problem and bring new ideas to the table, not just code.",
  },
  {
    icon: ShieldCheck,
    title: "Quality",
    text: "Reviewed code, automated tests and accessible, fast interfaces: we build software we are proud to support.",
  },
  {
    icon: Handshake,
    title: "Partnership",
    text: "We work as an extension of your team, share the plan openly and stay with you long after launch.",
  },
] as const satisfies readonly Feature[];

export const whyChoose = [
  {
    icon: Users,
    title: "Expert Team",
    text: "Senior designers and engineers who have shipped products for start-ups and established companies alike.",
  },
  {
    icon: RouteIcon,
    title: "Proven Process",
    text: "Discovery, planning, sprints and support: a process that keeps projects on time and on budget.",
  },
  {
    icon: Cpu,
    title: "Latest Technology",
    text: "React, React Native, Laravel, Node.js and the cloud, chosen for what suits your product, not for fashion.",
  },
  {
    icon: Headphones,
    title: "Ongoing Support",
    text: "Maintenance plans with monitoring, updates and quick answers when you need a hand.",
  },
  {
    icon: MessagesSquare,
    title: "Transparent Communication",
    text: "Weekly updates, working demos and one contact person who knows your project.",
  },
  {
    icon: BadgeDollarSign,
    title: "Competitive Pricing",
    text: "Fixed proposals in rand, sized to South African budgets, with no surprises on the invoice.",
  },
] as const satisfies readonly Feature[];
